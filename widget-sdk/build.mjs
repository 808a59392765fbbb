// Two builds of the host SDK: a classic script (window.JMSwapWidget) for the one-tag embed and an
// ES module. The site serves both at /widget/sdk/<version>/ (mf-config/src/server.js).
// Each build carries the production allow-list (shared-chain/config/networks.production.json,
// read by path: see src/trust.ts) and gets a <file>.sha384 beside it, the value of the embed
// snippet's integrity attribute (printed too).
//
//   node build.mjs                       the development build (npm start, the e2e suite, the
//                                        shell's build): bakes what the file has, says what not
//   node build.mjs --release             the build partners get (npm run release): refuses to
//                                        build unless every network of the file is pinned
//   --networks <file>  the production networks file (default: shared-chain's)
//   --outdir <dir>     where the files go (default: dist, or $JMSWAP_DIST_DIR: npm run
//                      start:prod's deploy builds go to dist-deploy/, beside npm start's)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const here = (path) => new URL(path, import.meta.url);
const { version } = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
const { values: args } = parseArgs({
  options: {
    release: { type: 'boolean', default: false },
    networks: {
      type: 'string',
      default: here('../shared-chain/config/networks.production.json').pathname,
    },
    outdir: {
      type: 'string',
      default: resolve(process.env.JMSWAP_DIST_DIR || here('./dist').pathname),
    },
  },
});

// pinsFromConfig and releaseProblems are the ones in src/trust.ts (unit-tested there), bundled
// for this script alone.
const trust = await build({
  entryPoints: [here('./src/trust.ts').pathname],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'warning',
});
const { pinsFromConfig, releaseProblems } = await import(
  `data:text/javascript;base64,${Buffer.from(trust.outputFiles[0].text).toString('base64')}`
);
const production = JSON.parse(readFileSync(args.networks, 'utf8'));
// A partner who passes no `pin` trusts what this file bakes in: a release never ships a network
// without it (the widget origin's networks.json would be trusted as it is for that network).
const problems = releaseProblems(production);
if (args.release && problems.length) {
  console.error(`widget-sdk release refused (${args.networks}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Fill in the production addresses, or leave the network out of the file.');
  process.exit(1);
}
const baked = pinsFromConfig(production);
console.log(
  `production allow-list baked in: ${Object.keys(baked).join(', ') || 'none (no production addresses yet)'}`,
);
if (problems.length)
  console.log(
    `development build: ${problems.length} network(s) without a complete allow-list (a release build, npm run release, refuses this)`,
  );

const common = {
  bundle: true,
  minify: true,
  target: 'es2020',
  sourcemap: true,
  logLevel: 'info',
  define: { __JMSWAP_BAKED_PINS__: JSON.stringify(baked) },
  banner: { js: `/* @jmswap/widget-sdk ${version} */` },
};
const outputs = [
  { entryPoints: [here('./src/script.ts').pathname], format: 'iife', file: 'jmswap-widget.js' },
  { entryPoints: [here('./src/module.ts').pathname], format: 'esm', file: 'jmswap-widget.mjs' },
];
for (const { file, ...output } of outputs) {
  const outfile = join(args.outdir, file);
  await build({ ...common, ...output, outfile });
  const integrity = `sha384-${createHash('sha384').update(readFileSync(outfile)).digest('base64')}`;
  writeFileSync(`${outfile}.sha384`, `${integrity}\n`);
  console.log(`${relative(process.cwd(), outfile)} integrity="${integrity}"`);
}
