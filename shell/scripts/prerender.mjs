// After the webpack build: writes each route's first frame, in each language, into its own html
// file (index.html, charts.html, ... and 404.html), so a visitor sees the page at first paint
// instead of after the scripts. The server sends /charts as charts.html. Nothing here is
// interactive: the static copy takes no clicks (a click before the scripts would be lost) until
// React renders over it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import mfConfig from '@jmswap/mf-config';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(appDir, mfConfig.distName(), 'app');
// Inside the package, so the bundle's imports resolve from node_modules.
const bundle = join(appDir, 'node_modules/.cache', `prerender-${process.pid}.mjs`);

// Only the shell's own code and shared-chain are bundled; libraries come from node_modules.
await build({
  entryPoints: [join(appDir, 'src/prerender.tsx')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  logLevel: 'warning',
  external: ['react', 'react-dom', 'wouter', 'rxjs', 'valibot', 'sonner', 'ethers', 'tronweb'],
  // The chain adapters are loaded on first use; prerendering never uses them.
  plugins: [
    // Lingui's macros, compiled as the webpack build compiles them.
    mfConfig.linguiEsbuildPlugin(),
    {
      name: 'no-chain-adapters',
      setup(b) {
        b.onResolve({ filter: /adapters\/(evm|tron)(\/reader)?$/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

// The head script, inline: it starts the route's remote while the shell's scripts download,
// and the shell's main script once the prerendered page has painted (bootAfterFirstPaint).
const headStartFor = (mainSrc) =>
  build({
    stdin: {
      contents: `import { bootAfterFirstPaint, headStart } from './headStart'; headStart(); bootAfterFirstPaint(${JSON.stringify(mainSrc)});`,
      resolveDir: join(appDir, 'src'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    logLevel: 'warning',
  });
// The deferred main script webpack writes: replaced by a preload (it still downloads at once).
const MAIN_SCRIPT = /<script defer="defer" src="([^"<>]+)"><\/script>/g;
const HEAD_START = '<script id="jm-head-start"></script>';
const TITLE = /<title>[^<]*<\/title>/;
// The lists of the swap page's first read (mf-config/src/preload-boot.js): html-webpack-plugin
// writes them at the end of the head, after the head script, which would run before they are
// parsed and find none. They move in front of it.
const READ_LISTS = /<meta name="jm-preload-[a-z]+" content="[^"<>]*">/g;

/** Another language's frame with its ids (and what names them) suffixed: ids stay unique. */
const withOwnIds = (html, code) =>
  html.replace(
    / (id|for|aria-(?:controls|labelledby|describedby|owns|activedescendant))="([^"]*)"/g,
    (_, attr, value) =>
      ` ${attr}="${value
        .split(' ')
        .map((id) => id && `${id}--${code}`)
        .join(' ')}"`,
  );

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Writes a page with its .gz and .br twins: the server prefers those, so a twin the webpack build
 * left for the bare template would hide the drawn page from every browser.
 */
function writeHtml(file, html) {
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

try {
  const { prerenderRoute, prerenderTitle, ROUTE_PATHS, LANGUAGES, activateLanguage } = await import(
    pathToFileURL(bundle).href
  );
  // Each route's file is named after it (index.html, charts.html, ...); any other path gets 404.html.
  const ROUTES = { ...ROUTE_PATHS, 404: '/this-page-does-not-exist' };
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  if (!template.includes(HEAD_START)) throw new Error(`index.html has no ${HEAD_START}`);
  if (!TITLE.test(template)) throw new Error('index.html has no <title>');
  const mains = [...template.matchAll(MAIN_SCRIPT)];
  if (mains.length !== 1) throw new Error(`index.html has ${mains.length} deferred scripts, not 1`);
  const mainSrc = mains[0][1];
  const headStart = await headStartFor(mainSrc);
  const readLists = template.match(READ_LISTS) ?? [];
  if (readLists.length === 0) throw new Error('index.html has no <meta name="jm-preload-*">');
  const headScript = `${readLists.join('')}<script>${headStart.outputFiles[0].text.trim()}</script>`;
  // Each route's frame in every language, English first: the head script's language shows
  // (styles.css), English where it did not run.
  const frames = Object.fromEntries(Object.keys(ROUTES).map((name) => [name, '']));
  // The title in each language but English (the page's <title>), and the index's Liquidity tab's
  // in every language, for the head script to set.
  const titles = Object.fromEntries(Object.keys(ROUTES).map((name) => [name, '']));
  for (const { code, htmlLang } of LANGUAGES) {
    await activateLanguage(code);
    for (const [name, path] of Object.entries(ROUTES)) {
      const frame = prerenderRoute(path);
      frames[name] +=
        `<div class="jm-prerendered" inert lang="${htmlLang}" data-language="${code}">` +
        `${code === 'en' ? frame : withOwnIds(frame, code)}</div>`;
      if (code !== 'en')
        titles[name] +=
          `<meta name="jm-title-${code}" content="${escapeHtml(prerenderTitle(path))}">`;
      // The index's Liquidity tab is the same file: its title too.
      if (path === '/')
        titles[name] +=
          `<meta name="jm-title-${code}-addLiquidity" content="${escapeHtml(prerenderTitle(path, '?t=addLiquidity'))}">`;
    }
  }
  await activateLanguage('en');
  for (const [name, path] of Object.entries(ROUTES)) {
    const frame = frames[name];
    writeHtml(
      join(dist, `${name}.html`),
      template
        .replace(READ_LISTS, '')
        .replace(TITLE, () => `<title>${escapeHtml(prerenderTitle(path))}</title>`)
        .replace(HEAD_START, () => titles[name] + headScript)
        .replace(mains[0][0], () => `<link rel="preload" as="script" href="${mainSrc}">`)
        .replace('<div id="root"></div>', () => `<div id="root">${frame}</div>`),
    );
  }
  console.log(
    `prerendered ${Object.keys(ROUTES).length} routes into ${dist} (head script ${headScript.length} bytes)`,
  );
} finally {
  rmSync(bundle, { force: true });
}
