// Two builds of the host SDK: a classic script (window.JMSwapWidget) for the one-tag embed and an
// ES module. The site serves both at /widget/sdk/<version>/ (mf-config/src/server.js).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const common = { bundle: true, minify: true, target: 'es2020', sourcemap: true, logLevel: 'info' };
await build({
  ...common,
  entryPoints: ['src/script.ts'],
  format: 'iife',
  outfile: 'dist/jmswap-widget.js',
  banner: { js: `/* @jmswap/widget-sdk ${version} */` },
});
await build({
  ...common,
  entryPoints: ['src/module.ts'],
  format: 'esm',
  outfile: 'dist/jmswap-widget.mjs',
  banner: { js: `/* @jmswap/widget-sdk ${version} */` },
});
