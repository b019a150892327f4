#!/usr/bin/env node
// The `sluice` command. The project runs its TypeScript through tsx (no build step), so this small
// launcher registers tsx's loader and hands over to bin/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
