// npm run bench:size: what a first visit costs and what a team's deploy costs. Prints
//  - each remote built alone (no task-runner cache): seconds, and its dist/<version>/ size;
//  - per route of the site (local chains up, cache disabled, as a first visit): JavaScript files,
//    raw and gzip-9 bytes, the largest packages inside the loaded chunks (from their source
//    maps), and the time until the route is usable, without and with Chromium's CPU throttled 4x.
// Figures only; nothing here asserts. `--no-build` measures the routes of the current build.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { watchUsable } from '../e2e/fixtures/usable.mjs';
import { pinRemotes, root, serveAll, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { APPS, CHROMIUM, REMOTE_APPS } = require('@jmswap/mf-config');

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const seconds = (cmd, cwd) => {
  const started = Date.now();
  execSync(cmd, { cwd, stdio: 'ignore' });
  return (Date.now() - started) / 1000;
};
function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  let served = 0; // what a browser can fetch: no source maps, no pre-compressed twins
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = join(dir, String(name));
    const st = statSync(file);
    if (!st.isFile()) continue;
    files += 1;
    bytes += st.size;
    if (!/\.(map|gz|br)$/.test(file)) served += st.size;
  }
  return { files, bytes, served };
}

if (!process.argv.includes('--no-build')) {
  console.log('Each remote built alone (webpack production, no cache):');
  for (const app of REMOTE_APPS) {
    const dir = join(root, APPS[app].dir);
    const version = require(join(dir, 'package.json')).version;
    const took = seconds('npx webpack --mode production', dir);
    const size = folderSize(join(dir, 'dist', version));
    console.log(
      `  ${app.padEnd(14)} ${took.toFixed(1).padStart(5)} s   dist/${version}/: ${size.files} files, ${kb(size.bytes)} (${kb(size.served)} without maps and .gz/.br)`,
    );
  }
  const shell = seconds('npm run build -w @jmswap/shell', root);
  console.log(`  ${'shell+widget'.padEnd(14)} ${shell.toFixed(1).padStart(5)} s`);
}

/**
 * Each route and what "usable" means on it: an element matching the selector shows text matching
 * the pattern, outside the prerendered first frame (the same rule as e2e/specs/size-budget).
 */
const ROUTES = [
  ['/ (TRON)', '/', '[data-testid="price-from"]', '\\d'],
  ['/?n=BSC', '/?n=BSC', '[data-testid="price-from"]', '\\d'],
  ['/?n=POLY', '/?n=POLY', '[data-testid="price-from"]', '\\d'],
  ['/charts', '/charts', '[aria-label="Pair figures"]', '\\d'],
  ['/pools', '/pools', '[data-testid="reserve-a"]', '\\d'],
  ['/listing', '/listing', 'button', '^SUBMIT$'],
  ['/info', '/info', 'h1, h2, h3', '^Roadmap$'],
  ['/help', '/help', 'h1, h2, h3', '^HOW TO SWAP$'],
];

/** Sizes of the packages inside one chunk, from the sources of its source map. */
async function packagesOf(url, into) {
  const res = await fetch(`${url}.map`).catch(() => undefined);
  if (!res || !res.ok) return;
  const map = await res.json();
  map.sources.forEach((source, i) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    const name = m ? m[1] : source.includes('shared-chain') ? '@jmswap/shared-chain' : 'app code';
    into[name] = (into[name] ?? 0) + (map.sourcesContent?.[i]?.length ?? 0);
  });
}

async function measure(browser, path, usable, throttle) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(res.url(), {
      url: res.url(),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.addInitScript(watchUsable, usable);
  await page.goto(`http://localhost:8080${path}`);
  await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 30000 });
  // What arrived before that moment; what the page fetched after it does not delay first use.
  const { took, before } = await page.evaluate(() => ({
    took: Math.round(window.__usableAt),
    before: performance
      .getEntriesByType('resource')
      .filter((e) => e.responseEnd <= window.__usableAt && e.name.endsWith('.js'))
      .map((e) => e.name),
  }));
  while (!before.every((url) => scripts.has(url))) await new Promise((r) => setTimeout(r, 50));
  await page.close();
  return { took, scripts: before.map((url) => scripts.get(url)) };
}

writeRuntimeConfig();
// The builds in dist/ as they are now: pins of an earlier build would make the shell refuse them.
pinRemotes();
const devnet = await startDevnet();
// The site as a visitor sees it: /pools and the charts draw the api's figures.
const api = await startApi({ log: () => undefined });
const servers = await serveAll();
const browser = await chromium.launch(CHROMIUM);
try {
  console.log('\nPer route (first visit, cache disabled, local servers):');
  for (const [name, path, selector, text] of ROUTES) {
    const usable = [selector, text];
    const fast = await measure(browser, path, usable, false);
    const slow = await measure(browser, path, usable, true);
    const raw = fast.scripts.reduce((n, s) => n + s.raw, 0);
    const gzip = fast.scripts.reduce((n, s) => n + s.gzip, 0);
    console.log(
      `  ${name.padEnd(10)} ${String(fast.scripts.length).padStart(3)} JS files ${kb(raw).padStart(11)} raw ${kb(gzip).padStart(10)} gzip   usable ${fast.took} ms after navigation, ${slow.took} ms at 4x CPU throttle`,
    );
    const packages = {};
    for (const s of fast.scripts) await packagesOf(s.url, packages);
    const top = Object.entries(packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`);
    console.log(`             largest inside (unminified source): ${top.join(', ')}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  api.child.kill('SIGTERM');
  if (devnet) devnet.kill('SIGINT');
}
