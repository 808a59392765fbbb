// npm run check:cycles: no circle in the import graph of any package's src/. The
// packages import each other in one direction; inside a package a circle means a file that can
// only be read together with its importers. madge walks each package on its own: imports of
// another package are npm imports to it, not followed (shared-chain's own name resolves to its
// src/index.ts, so a static self-import shows as the circle it is). What is followed is what
// runs when a module is evaluated: static imports. Not import(): a chunk loaded later may use
// the package that loads it (shared-chain's recent transactions and allowances take the
// session through src/singleton.ts); nor type-only imports, which the compiler erases.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
const root = fileURLToPath(new URL('..', import.meta.url));

const require = createRequire(import.meta.url);
const madge = require('madge');

const only = process.argv.slice(2);
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packages = workspaces.filter(
  (dir) => existsSync(join(root, dir, 'src')) && (only.length === 0 || only.includes(dir)),
);

const staticOnly = { skipTypeImports: true, skipAsyncImports: true };
let circles = 0;
for (const dir of packages) {
  const packageDir = join(root, dir);
  const tsConfig = join(packageDir, 'tsconfig.json');
  const graph = await madge(join(packageDir, 'src'), {
    // Resolved from the package root: from src/, a bare 'webpack' would find src/webpack.js.
    baseDir: packageDir,
    fileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs'],
    excludeRegExp: [/node_modules/, /(^|\/)dist\//],
    // Another package's files (its name resolves to its src/ through the workspace link).
    dependencyFilter: (file) => file.startsWith(`${packageDir}/`),
    ...(existsSync(tsConfig) && { tsConfig }),
    detectiveOptions: { ts: staticOnly, tsx: staticOnly, es6: staticOnly },
  });
  for (const circle of graph.circular()) {
    circles += 1;
    console.error(`${dir}: ${[...circle, circle[0]].join(' -> ')}`);
  }
}
if (circles > 0) {
  console.error(`${circles} import circle(s): move the shared piece into a module of its own.`);
  process.exit(1);
}
console.log(`No import circle in ${packages.length} packages (${packages.join(', ')}).`);
