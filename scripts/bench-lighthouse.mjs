// npm run bench:lighthouse (after a build): Lighthouse's mobile defaults (slow 4G, 4x CPU) on each
// route of the built site, served locally with the local chains up, in Debian's Chromium.
// Prints performance, LCP (and its element), TBT, CLS (and what moved), time to interactive and
// accessibility per route. Figures only.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { pinRemotes, root, serveAll, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';

const require = createRequire(import.meta.url);
const { CHROMIUM } = require('@jmswap/mf-config');

const ALL_ROUTES = ['/', '/?n=BSC', '/charts', '/pools', '/listing', '/info', '/help'];
// `-- /info /help` measures only those routes.
const ROUTES = process.argv.slice(2).filter((r) => r.startsWith('/'));
if (ROUTES.length === 0) ROUTES.push(...ALL_ROUTES);
// `-- --runs 3`: each route that many times, printing the run with the median performance score
// and the range of the scores; single runs on a small machine move by about ±10 points.
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1;
const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

writeRuntimeConfig();
// The builds in dist/ as they are now, as npm start serves them: pins from an older build would
// make the shell refuse the rebuilt remotes (integrity) and measure their fallbacks.
pinRemotes();
const devnet = await startDevnet();
// The site as a visitor sees it: /pools and the charts draw the api's figures. The api indexes
// the devnet into a folder of its own, fresh each run: npm start's .run/data/api may hold another
// devnet's blocks (a deep reorganisation stops an indexer, and /ready never comes).
const dataDir = join(root, '.run/bench-api-data');
rmSync(dataDir, { recursive: true, force: true });
const api = await startApi({ dataDir, log: () => undefined }).catch((e) => {
  if (devnet) devnet.kill('SIGINT');
  throw e;
});
const servers = await serveAll();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM.args],
});
try {
  console.log('route      performance   LCP        TBT       CLS     interactive  accessibility');
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { lhr } = await lighthouse(`http://localhost:8080${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      runs.push(lhr);
    }
    const performance = (r) => r.categories.performance.score ?? 0;
    runs.sort((x, y) => performance(x) - performance(y));
    const lhr = runs[Math.floor((runs.length - 1) / 2)];
    const a = lhr.audits;
    const score = (c) => String(Math.round((lhr.categories[c].score ?? 0) * 100));
    console.log(
      `${route.padEnd(10)} ${score('performance').padStart(11)}   ${ms(a['largest-contentful-paint']).padEnd(10)} ${ms(a['total-blocking-time']).padEnd(9)} ${a['cumulative-layout-shift'].numericValue.toFixed(3).padEnd(7)} ${ms(a.interactive).padEnd(12)} ${score('accessibility').padStart(5)}`,
    );
    if (RUNS > 1)
      console.log(
        `           ${RUNS} runs: performance ${runs.map((r) => Math.round(performance(r) * 100)).join(', ')}; LCP ${runs.map((r) => Math.round(r.audits['largest-contentful-paint'].numericValue)).join(', ')} ms; TBT ${runs.map((r) => Math.round(r.audits['total-blocking-time'].numericValue)).join(', ')} ms`,
      );
    // What the LCP was, and where its time went (load delay = waiting for the scripts that draw it).
    const lcp = a['largest-contentful-paint-element']?.details?.items ?? [];
    const element = lcp[0]?.items?.[0]?.node?.snippet;
    const phases = (lcp[1]?.items ?? [])
      .map((p) => `${p.phase} ${Math.round(p.timing)}`)
      .join(', ');
    if (element)
      console.log(
        `           LCP element ${element.slice(0, 90)}${phases ? `; ${phases} ms` : ''}`,
      );
    // Where the blocking time comes from: the longest main-thread tasks (throttled) and the
    // script Lighthouse attributes each to, with when it started.
    const tasks = [...(a['long-tasks']?.details?.items ?? [])]
      .sort((x, y) => y.duration - x.duration)
      .slice(0, 4)
      .map(
        (t) =>
          `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${String(t.url).split('/').pop() || t.url})`,
      );
    if (tasks.length) console.log(`           long tasks ${tasks.join('; ')}`);
    const scripts = (a['bootup-time']?.details?.items ?? [])
      .slice(0, 3)
      .map(
        (s) =>
          `${String(s.url).split('/').pop() || s.url} ${Math.round(s.scripting)} (+${Math.round(s.scriptParseCompile)} parse)`,
      );
    if (scripts.length) console.log(`           script time, ms: ${scripts.join('; ')}`);
    // What moved while the page loaded (a remote arriving, rows reordering), when it counts.
    for (const shift of a['layout-shifts']?.details?.items ?? [])
      if (shift.score >= 0.02)
        console.log(
          `           layout shift ${shift.score.toFixed(3)}: ${shift.node?.selector ?? ''}`,
        );
    const failing = Object.values(lhr.categories.accessibility.auditRefs)
      .map((ref) => a[ref.id])
      .filter((audit) => audit.score === 0);
    for (const audit of failing) {
      const nodes = (audit.details?.items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? item.node?.selector ?? '')
        .join('  ');
      console.log(`           accessibility audit failing: ${audit.id} ${nodes}`);
    }
  }
} finally {
  await chrome.kill();
  await Promise.all(servers.map((s) => s.close()));
  api.child.kill('SIGTERM');
  if (devnet) devnet.kill('SIGINT');
}
