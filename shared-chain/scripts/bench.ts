/**
 * Runs benchRun.ts (the figures). shared-chain's sources use Lingui's macros, which only the
 * build's swc plugin compiles (tsx cannot), so the bench is bundled first with that plugin, its
 * packages left to node_modules. Run: `npx tsx shared-chain/scripts/bench.ts [--quick]`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
const { linguiEsbuildPlugin } = require('@jmswap/mf-config') as {
  linguiEsbuildPlugin: () => import('esbuild').Plugin;
};

/** Packages stay in node_modules (tsx runs the TypeScript ones); shared-chain's macros are compiled. */
const packagesExceptWorkspace: import('esbuild').Plugin = {
  name: 'packages-except-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@jmswap/shared-chain')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

async function run(): Promise<void> {
  // Inside the package, so the bundle's bare imports resolve to the workspace's node_modules.
  const outDir = join(__dirname, '..', 'node_modules', '.cache', 'bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'bench.cjs');
  await build({
    entryPoints: [join(__dirname, 'benchRun.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    plugins: [linguiEsbuildPlugin(), packagesExceptWorkspace],
    outfile,
    external: ['@jmswap/shared-chain/package.json'],
    logLevel: 'warning',
  });
  await import(pathToFileURL(outfile).href);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
