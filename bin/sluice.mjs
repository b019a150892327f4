#!/usr/bin/env node
// The `sluice` command: the compiled CLI (dist/cli/sluice.mjs: cli/ compiled by tsc and joined
// into one module with the engine by esbuild, built by `npm run build`, which
// `npm install` runs), so that it starts as plain JavaScript without a TypeScript loader.
let cli;
try {
  cli = await import('../dist/cli/sluice.mjs');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/cli/sluice.mjs')) throw err;
  process.stderr.write('sluice: the command is not built yet; run `npm run build` (npm install does it) in the project folder\n');
  process.exit(1);
}
process.exitCode = await cli.main(process.argv.slice(2));
