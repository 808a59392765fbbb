// When a first visit can use a route, and what JavaScript arrived before that moment: one
// measure for `npm run bench:size` and `npm run bench:lighthouse`, on either build.
//   start:  what `npm start` serves (each app's dist/, with the dev wallet)
//   deploy: the deploy builds `npm run start:prod` serves (each app's dist-deploy/, no dev wallet)
// Both are served the same way (the local servers, their CSP, remotes.json pinned with its
// preload hints, as remote:use writes it), so the figures differ only by the build.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { watchUsable } from '../e2e/fixtures/usable.mjs';
import { pinRemotes, serveAll, writeRuntimeConfig } from './stack.mjs';

const require = createRequire(import.meta.url);
const mf = require('@jmswap/mf-config');

export const BUILDS = { start: 'dist', deploy: 'dist-deploy' };

/**
 * Each route and what "usable" means on it: an element matching the selector shows text matching
 * the pattern, outside the prerendered first frame (the same rule as e2e/specs/size-budget). On
 * `/` that is the swap box's price lines: the pools' reserves are read and the box answers.
 */
export const USABLE_ROUTES = [
  ['/ (TRON)', '/', '[data-testid="price-from"]', '\\d'],
  ['/?n=BSC', '/?n=BSC', '[data-testid="price-from"]', '\\d'],
  ['/?n=POLY', '/?n=POLY', '[data-testid="price-from"]', '\\d'],
  ['/charts', '/charts', '[aria-label="Pair figures"]', '\\d'],
  ['/pools', '/pools', '[data-testid="reserve-a"]', '\\d'],
  ['/listing', '/listing', 'button', '^SUBMIT$'],
  ['/info', '/info', 'h1, h2, h3', '^Roadmap$'],
  ['/help', '/help', 'h1, h2, h3', '^HOW TO SWAP$'],
];

export const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Whether `build` is built (every app's folder is there). */
export function isBuilt(build) {
  return Object.keys(mf.APPS).every((app) => existsSync(join(mf.appDir(app), BUILDS[build])));
}

/**
 * Serves `build` on the local ports (8080-8085): the runtime config written, its versions
 * pinned. Resolves with the servers (close them before serving another build).
 */
export async function serveBuild(build) {
  process.env.JMSWAP_DIST_DIR = BUILDS[build];
  writeRuntimeConfig();
  // The builds as they are now: pins of an earlier build would make the shell refuse them.
  pinRemotes();
  return serveAll();
}

/**
 * One first visit (cache disabled) of `url` at `cpu`x CPU: milliseconds from navigation until
 * usable, and the scripts that had arrived by then (raw and gzip -9 bytes). With `far`, each
 * request to one of `far.origins` is held `far.ms` before it goes (a node that far away).
 */
export async function measureUsable(browser, url, usable, { cpu = 1, far } = {}) {
  const page = await browser.newPage();
  try {
    if (far)
      await page.route(
        (u) => far.origins.includes(u.origin),
        async (route) => {
          await new Promise((r) => setTimeout(r, far.ms));
          await route.continue();
        },
      );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
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
    await page.goto(url);
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, {
      timeout: 60000,
    });
    // What arrived before that moment; what the page fetched after it does not delay first use.
    const { took, before } = await page.evaluate(() => ({
      took: Math.round(window.__usableAt),
      before: performance
        .getEntriesByType('resource')
        .filter((e) => e.responseEnd <= window.__usableAt && e.name.endsWith('.js'))
        .map((e) => e.name),
    }));
    while (!before.every((u) => scripts.has(u))) await new Promise((r) => setTimeout(r, 50));
    const files = before.map((u) => scripts.get(u));
    return {
      took,
      scripts: files,
      raw: files.reduce((n, s) => n + s.raw, 0),
      gzip: files.reduce((n, s) => n + s.gzip, 0),
    };
  } finally {
    await page.close();
  }
}

/**
 * The swap box's usable time on `/` and the JavaScript before it, for each build that is built
 * (median of `runs` first visits, 1x and 4x CPU), printed beside the goals; `lines` get it too.
 */
export async function printUsableOnBothBuilds(browser, { runs = 3, path = '/' } = {}) {
  const [, , selector, text] = USABLE_ROUTES.find(([, p]) => p === path);
  console.log(
    `Swap box usable on ${path} (price lines shown; first visit, cache off, median of ${runs}):`,
  );
  console.log('  build     1x CPU      4x CPU      JS before usable (4x), gzip');
  console.log('  goal                  <= 1000 ms  <= 150 KiB');
  const before = process.env.JMSWAP_DIST_DIR;
  try {
    for (const build of Object.keys(BUILDS)) {
      if (!isBuilt(build)) {
        console.log(`  ${build.padEnd(8)}  not built`);
        continue;
      }
      const servers = await serveBuild(build);
      try {
        const at = (cpu) =>
          Array.from({ length: runs }).reduce(
            (all) =>
              all.then(async (list) => [
                ...list,
                await measureUsable(browser, `http://localhost:8080${path}`, [selector, text], {
                  cpu,
                }),
              ]),
            Promise.resolve([]),
          );
        const fast = await at(1);
        const slow = await at(4);
        const ms = (list) => `${median(list.map((r) => r.took))} ms`;
        const gz = median(slow.map((r) => r.gzip));
        console.log(
          `  ${build.padEnd(8)}  ${ms(fast).padEnd(10)}  ${ms(slow).padEnd(10)}  ${kb(gz)} in ${median(slow.map((r) => r.scripts.length))} files (runs: ${slow.map((r) => r.took).join(', ')} ms at 4x)`,
        );
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    }
  } finally {
    if (before === undefined) delete process.env.JMSWAP_DIST_DIR;
    else process.env.JMSWAP_DIST_DIR = before;
  }
}
