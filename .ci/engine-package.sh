#!/usr/bin/env bash
# The engine as a package (SPEC §7), checked as another project would use it: `npm pack` of the
# engine workspace, the tarball installed with --omit=dev into an empty project, a plain `node`
# script reading a CSV and a QIF through it, nothing native and no server library installed, and a
# strict NodeNext TypeScript consumer type-checked against the declarations.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

TARBALL=$(cd engine && npm pack --silent --pack-destination "$WORK" | tail -1)
echo "engine-package: packed $TARBALL ($(tar -tzf "$WORK/$TARBALL" | wc -l) files)"
if tar -tzf "$WORK/$TARBALL" | grep -vE '^package/(dist/.*\.(js|d\.ts)|package\.json|README\.md|LICENSE)$'; then
  echo "engine-package: the tarball holds files a user does not need (above)" >&2
  exit 1
fi

mkdir "$WORK/consumer"
cd "$WORK/consumer"
echo '{ "name": "consumer", "private": true, "type": "module" }' > package.json
npm install --silent --omit=dev --no-audit --no-fund "$WORK/$TARBALL"
NATIVE=$(find node_modules -name '*.node' | head -5)
if [ -n "$NATIVE" ]; then echo "engine-package: native modules installed: $NATIVE" >&2; exit 1; fi
for lib in better-sqlite3 polka busboy tsx esbuild @polka/parse typescript; do
  if [ -e "node_modules/$lib" ]; then echo "engine-package: $lib was installed with the engine" >&2; exit 1; fi
done
echo "engine-package: installed: $(ls node_modules | tr '\n' ' ')"
cp "$ROOT/test/package/consumer.mjs" .
node consumer.mjs

# The TypeScript consumer: this project's TypeScript and Node typings, nothing else.
cp "$ROOT/test/package/consumer.ts" .
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "strict": true, "module": "NodeNext", "moduleResolution": "NodeNext", "target": "ES2022",
    "noEmit": true, "skipLibCheck": false, "types": ["node"], "typeRoots": ["ROOT/node_modules/@types"]
  },
  "files": ["consumer.ts"]
}
JSON
sed -i "s#ROOT#$ROOT#" tsconfig.json
"$ROOT/node_modules/.bin/tsc" -p tsconfig.json
echo "engine-package: the strict NodeNext consumer type-checks (and rejects number_format: 'nope')"
