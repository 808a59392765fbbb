// Two builds of the host SDK: a classic script (window.JMSwapWidget) for the one-tag embed and an
// ES module. The site serves both at /widget/sdk/<version>/ (mf-config/src/server.js).
// Each build carries the production allow-list (shared-chain/config/networks.production.json,
// read by path: see src/trust.ts) and gets a <file>.sha384 beside it, the value of the embed
// snippet's integrity attribute (printed too).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const here = (path) => new URL(path, import.meta.url);
const { version } = JSON.parse(readFileSync(here('./package.json'), 'utf8'));

// pinsFromConfig is the one in src/trust.ts (unit-tested there), bundled for this script alone.
const trust = await build({
  entryPoints: [here('./src/trust.ts').pathname],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'warning',
});
const { pinsFromConfig } = await import(
  `data:text/javascript;base64,${Buffer.from(trust.outputFiles[0].text).toString('base64')}`
);
const production = JSON.parse(
  readFileSync(here('../shared-chain/config/networks.production.json'), 'utf8'),
);
const baked = pinsFromConfig(production);
console.log(
  `production allow-list baked in: ${Object.keys(baked).join(', ') || 'none (no production addresses yet)'}`,
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
  { entryPoints: ['src/script.ts'], format: 'iife', outfile: 'dist/jmswap-widget.js' },
  { entryPoints: ['src/module.ts'], format: 'esm', outfile: 'dist/jmswap-widget.mjs' },
];
for (const output of outputs) {
  await build({ ...common, ...output });
  const integrity = `sha384-${createHash('sha384').update(readFileSync(output.outfile)).digest('base64')}`;
  writeFileSync(`${output.outfile}.sha384`, `${integrity}\n`);
  console.log(`${output.outfile} integrity="${integrity}"`);
}
