// node scripts/waterfall-route.mjs [/pools /charts ...] [--cpu 4] [--runs 1] (after a build,
// inside the start lock): a first visit's request chain on Lighthouse's mobile conditions (CPU
// throttled 4x, slow 4G: 562.5 ms round trip, 1.47 Mbit/s down, as its devtools throttling).
// Per route it prints every request the page made before its largest paint (start and end in ms
// from the navigation, size, what started it), the critical chain (from the last script the
// remote needed back to the html, each link the request that finished last before the next one
// was sent: the round trips a visitor waits through one after another), when the federation
// runtime put the remote's entry script in the page (the shell's own work before it asks for the
// remote), the long tasks before that, and the LCP with its element. `--no-hints` serves
// remotes.json without its preload hints (the head script then reads each manifest first), to
// compare both on one build and one load. `--net none` leaves the network unthrottled (with
// `--cpu 1`: the unthrottled load Lighthouse observes before it simulates a phone).
// `--until-usable`: every request and long task until the route is usable (scripts/usable.mjs'
// rule: on `/` the swap box's price lines) instead of until the LCP. JMSWAP_DIST_DIR=dist-deploy
// measures the deploy build. Figures only.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { watchUsable } from '../e2e/fixtures/usable.mjs';
import { startBenchStack } from './stack.mjs';
import { USABLE_ROUTES } from './usable.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const mf = require('@jmswap/mf-config');
const { CHROMIUM } = mf;

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const routes = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (!routes.length) routes.push('/', '/pools', '/charts', '/listing');
const cpu = Number(arg('--cpu', '4'));
const runs = Number(arg('--runs', '1'));
const hints = !process.argv.includes('--no-hints');
const slowNetwork = arg('--net', 'slow4g') !== 'none';
const untilUsable = process.argv.includes('--until-usable');

// Lighthouse's mobile slow 4G (constants.throttling.mobileSlow4G, devtools method).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

const short = (url) => {
  try {
    const u = new URL(url);
    return `${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return url.slice(0, 60);
  }
};

async function visit(browser, route) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slowNetwork) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const requests = new Map();
  let t0;
  cdp.on('Network.requestWillBeSent', (e) => {
    t0 ??= e.timestamp;
    if (requests.has(e.requestId)) return; // a redirect keeps its first start
    requests.set(e.requestId, {
      url: e.request.url,
      start: e.timestamp,
      initiator: e.initiator.type,
      type: e.type,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, failed: e.errorText });
  });
  await page.addInitScript(() => {
    const seen = (window.__seen = { tasks: [], lcp: [], entry: undefined });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        const what = el
          ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 50)}"`
          : '(removed)';
        seen.lcp.push([e.startTime, what, el ? !!el.closest('.jm-prerendered') : false]);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The runtime inserts the remote's entry as a <script>: when the shell asks for the remote.
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes)
          if (n.tagName === 'SCRIPT' && /remoteEntry/.test(n.src) && !seen.entry)
            seen.entry = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const usable = USABLE_ROUTES.find(([, path]) => path === route);
  if (untilUsable) await page.addInitScript(watchUsable, usable.slice(2));
  await page.goto(`http://localhost:8080${route}`, { waitUntil: 'load', timeout: 120000 });
  if (untilUsable)
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, {
      timeout: 120000,
    });
  else await page.waitForTimeout(6000 * Math.max(1, cpu / 2));
  const seen = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { ...window.__seen, navStart: nav.startTime, usableAt: window.__usableAt };
  });
  await page.close();
  const lcp = seen.lcp.at(-1);
  const list = [...requests.values()]
    .filter((r) => r.end)
    .map((r) => ({ ...r, s: (r.start - t0) * 1000, e: (r.end - t0) * 1000 }))
    .sort((a, b) => a.s - b.s);
  return {
    list,
    lcp,
    lcpEntries: seen.lcp,
    entry: seen.entry,
    tasks: seen.tasks,
    usableAt: seen.usableAt,
  };
}

/** The critical chain back from `last`: each link the request that finished last before it was sent. */
function chain(list, last) {
  const links = [last];
  for (let at = last; ;) {
    const before = list.filter((r) => r !== at && r.e <= at.s + 1 && r.s < at.s);
    if (!before.length) break;
    at = before.reduce((a, b) => (b.e > a.e ? b : a));
    links.unshift(at);
  }
  return links;
}

const stack = await startBenchStack({
  apiData: 'waterfall-api-data',
  remotes: (file) => {
    if (!hints) for (const entry of Object.values(file.remotes)) delete entry.preload;
    return file;
  },
});
const browser = await chromium.launch(CHROMIUM);
try {
  for (const route of routes)
    for (let run = 1; run <= runs; run++) {
      const { list, lcp, lcpEntries, entry, tasks, usableAt } = await visit(browser, route);
      const lcpAt = untilUsable ? usableAt : (lcp?.[0] ?? Infinity);
      console.log(
        `\n${route} run ${run}${hints ? '' : ' without preload hints'} at ${cpu}x CPU, ${slowNetwork ? 'slow 4G' : 'network unthrottled'}, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      const early = list.filter((r) => r.s <= lcpAt && !/^data:/.test(r.url));
      for (const r of early)
        console.log(
          `  ${r.s.toFixed(0).padStart(6)} -> ${r.e.toFixed(0).padStart(6)}  ${String(r.bytes ?? 0).padStart(7)} B  ${r.initiator.padEnd(8)} ${short(r.url)}${r.failed ? ` FAILED ${r.failed}` : ''}`,
        );
      // The remote's last script before the paint: the end of the chain the screen waited for.
      const remoteScripts = early.filter((r) => /:80(8[1-9])\//.test(r.url) && /\.js$/.test(r.url));
      const last = remoteScripts.reduce((a, b) => (!a || b.e > a.e ? b : a), undefined);
      if (last) {
        const links = chain(early, last);
        console.log(
          `  critical chain, ${links.length} round trips one after another: ${links
            .map((r) => `${short(r.url).split('/').pop()} (${r.e.toFixed(0)})`)
            .join(' -> ')}`,
        );
      }
      const shellTasks = tasks.filter(([s]) => entry === undefined || s < entry);
      console.log(
        `  remote entry script inserted at ${entry?.toFixed(0) ?? '-'} ms; long tasks before it: ${shellTasks
          .map(([s, d]) => `${d.toFixed(0)} at ${s.toFixed(0)}`)
          .join(', ')} (sum ${shellTasks.reduce((a, [, d]) => a + d, 0).toFixed(0)} ms)`,
      );
      console.log(
        `  LCP ${lcp ? `${lcp[0].toFixed(0)} ms ${lcp[1]}${lcp[2] ? ' (prerendered)' : ''}` : 'none'}`,
      );
      if (untilUsable) {
        const before = tasks.filter(([s]) => s < usableAt);
        console.log(
          `  usable at ${usableAt.toFixed(0)} ms; long tasks before: ${before
            .map(([s, d]) => `${d.toFixed(0)} at ${s.toFixed(0)}`)
            .join(', ')} (sum ${before.reduce((a, [, d]) => a + d, 0).toFixed(0)} ms)`,
        );
      }
      // Every candidate: a later one of the same element means it was painted again.
      if (lcpEntries.length > 1)
        for (const [at, what, pre] of lcpEntries)
          console.log(`    candidate ${at.toFixed(0)} ms ${what}${pre ? ' (prerendered)' : ''}`);
    }
} finally {
  await browser.close();
  await stack.stop();
}
