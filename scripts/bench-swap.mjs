// npm run bench:swap (after `npm start`'s build, or `JMSWAP_DEV_WALLET=1 npm run build`: it
// connects the dev wallet): the swap box's figures in Chromium on the local stack.
//  - time from opening http://localhost:8080/ to an interactive swap box (prices loaded);
//  - time from typing an amount to the estimate shown;
//  - requests sent to the chain nodes per keystroke (warm caches);
//  - main-thread time per keystroke (Chromium's TaskDuration over the typing and the estimate
//    it brings, divided by the keystrokes), as is and under 4x CPU throttling
//    (Emulation.setCPUThrottlingRate), beside their goals;
//  - liquidity panel: node requests to open it with the dev wallet's positions, and per
//    keystroke in step 2 (ADD LIQUIDITY; the estimate is local math over the pair read once).
// `--swap-only` leaves the liquidity panel out; `--liquidity-only` the swap box.
// `--cpu-profile`: a CPU profile of the first 4x typing per network, written to
// .run/bench-swap-<network>.cpuprofile (DevTools opens it), with its ten largest self times printed.
// `--profile large` (or JMSWAP_PROFILE=large): on the devnet's large profile (a thousand pools on
// BSC and TRON) to compare with the default profile's figures.
// Figures only; nothing here asserts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  pinRemotes,
  profileFromArgs,
  serveAll,
  startDevnet,
  writeRuntimeConfig,
} from './stack.mjs';
import { settled, taskMs } from './bench-page.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { CHROMIUM } = require('@jmswap/mf-config');

const NODE_PORTS = new Set(['8090', '8545', '8546', '8547', '8548', '8549']);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const profile = profileFromArgs() ?? 'default';
writeRuntimeConfig();
// The builds in dist/ as they are now: pins of an earlier build would make the shell refuse them.
pinRemotes();
const devnet = await startDevnet({ profile });
const pools = JSON.parse(
  readFileSync(new URL('../.run/config/networks.json', import.meta.url), 'utf8'),
).networks;
console.log(`profile ${profile}`);

/**
 * Resolves once the swap box shows a quote. One observer of the attribute, where Playwright's
 * `waitFor` would query the page every frame: its script ran on the page's main thread and was
 * counted in the keystrokes' time (about 3 ms a keystroke, 11 at 4x CPU, in a profile).
 */
const quoteShown = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const box = document.querySelector('[data-remote="swap"]');
        if (box?.hasAttribute('data-quote-out')) return resolve();
        const observer = new MutationObserver(() => {
          if (!box.hasAttribute('data-quote-out')) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(box, { attributes: true, attributeFilter: ['data-quote-out'] });
      }),
  );
/** The ten functions with the largest self time in a CDP profile, with their ms. */
function topSelfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
}
const cpuProfile = process.argv.includes('--cpu-profile');
const servers = await serveAll();
const browser = await chromium.launch(CHROMIUM);
try {
  for (const network of process.argv.includes('--liquidity-only') ? [] : ['TRON', 'BSC']) {
    const loads = [];
    const estimates = [];
    // Node requests during the typing, at 1x and under 4x CPU throttling.
    const nodeRequests = { 1: 0, 4: 0 };
    let keystrokes = 0;
    const mainThread = { 1: [], 4: [] };
    for (let run = 0; run < 6; run++) {
      // Runs 0-2 as is, 3-5 under 4x CPU throttling (main-thread time only).
      const throttle = run < 3 ? 1 : 4;
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const started = Date.now();
      await page.goto(`http://localhost:8080/?n=${network}`);
      await page.getByTestId('price-from').filter({ hasText: /\d/ }).waitFor();
      loads.push(Date.now() - started);

      // The page idle first; then one estimate, so the typing's quotes a fresh pool snapshot
      // (read at most every 5 s), as in the seconds after a user's first amount.
      await settled(page);
      const field = page.getByRole('textbox', { name: 'Tokens to swap' });
      await field.fill('1');
      await page.locator('[data-quote-out]').waitFor();
      await field.fill('');
      await page.waitForTimeout(500);
      page.on('request', (r) => NODE_PORTS.has(new URL(r.url()).port) && nodeRequests[throttle]++);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const shown = quoteShown(page);
      const profiled = cpuProfile && run === 3;
      if (profiled) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      const busy = await taskMs(cdp);
      const typed = Date.now();
      await field.pressSequentially('12.5', { delay: 80 });
      await shown;
      if (throttle === 1) {
        keystrokes += 4;
        estimates.push(Date.now() - typed - 3 * 80);
      }
      // The estimate's render settles within a frame or two after it shows.
      await page.waitForTimeout(300);
      mainThread[throttle].push(((await taskMs(cdp)) - busy) / 4);
      if (profiled) {
        const { profile: recorded } = await cdp.send('Profiler.stop');
        const file = new URL(`../.run/bench-swap-${network}.cpuprofile`, import.meta.url);
        mkdirSync(new URL('../.run/', import.meta.url), { recursive: true });
        writeFileSync(file, JSON.stringify(recorded));
        console.log(`${network}: 4x typing's largest self times (${file.pathname}):`);
        for (const [name, ms] of topSelfTimes(recorded))
          console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
      }
      await page.close();
    }
    console.log(
      `${network}: swap box interactive after ${median(loads)} ms (median of 3, cold page, warm servers)`,
    );
    console.log(
      `${network}: estimate shown ${median(estimates)} ms after the last keystroke (includes the 250 ms debounce)`,
    );
    console.log(
      `${network}: ${(nodeRequests[1] / keystrokes).toFixed(2)} node requests per keystroke, ${(nodeRequests[4] / keystrokes).toFixed(2)} under 4x CPU throttling (warm cache; ${pools[network].pools.length} listed pools; goal: no more than with the default profile's)`,
    );
    console.log(
      `${network}: main thread ${median(mainThread[1]).toFixed(1)} ms per keystroke (goal <= 16 ms), ${median(mainThread[4]).toFixed(1)} ms under 4x CPU throttling (goal <= 50 ms), median of 3`,
    );
  }
  // `--swap-only`: the swap box's figures alone.
  for (const network of process.argv.includes('--swap-only') ? [] : ['TRON', 'BSC']) {
    const page = await browser.newPage();
    let nodeRequests = 0;
    page.on('request', (r) => NODE_PORTS.has(new URL(r.url()).port) && nodeRequests++);
    await page.goto(`http://localhost:8080/?n=${network}&t=addLiquidity`);
    await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
    nodeRequests = 0;
    // The dev wallet is anvil key #0, the deployer that seeded every pool: it has positions.
    const connected = Date.now();
    await page.getByRole('button', { name: 'Local dev wallet' }).click();
    // The large profile's dev wallet is in ~1 480 pools: every page of its positions is read
    // (TRON: ten getUserLP calls at a time, each a scan of the pairs on the devnode).
    // The list shows with its first page's rows and is aria-busy while later pages are read.
    const list = page.getByRole('list', { name: 'Your liquidity' });
    await list.waitFor({ timeout: 300_000 });
    const firstRow = [(Date.now() - connected) / 1000, nodeRequests];
    await page
      .locator('ul[aria-label="Your liquidity"]:not([aria-busy="true"])')
      .waitFor({ timeout: 300_000 });
    const allRows = (Date.now() - connected) / 1000;
    console.log(
      `${network}: first position row ${firstRow[0].toFixed(1)} s after connecting (${firstRow[1]} node requests), all ${await list.getByRole('listitem').count()} rows ${allRows.toFixed(1)} s (${nodeRequests} node requests)`,
    );
    await page.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    await page.getByTestId('price-a-in-b').filter({ hasText: /\d/ }).waitFor();
    await page.waitForTimeout(500);
    nodeRequests = 0;
    await page
      .getByRole('textbox', { name: 'Tokens to swap' })
      .pressSequentially('12.5', { delay: 80 });
    await page.locator('[data-lp-tokens]').waitFor();
    console.log(
      `${network}: ${(nodeRequests / 4).toFixed(2)} node requests per keystroke in ADD LIQUIDITY`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  if (devnet) devnet.kill('SIGINT');
}
