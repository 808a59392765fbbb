// npm run bench:lighthouse (after a build): Lighthouse's mobile defaults (slow 4G, 4x CPU) on each
// route of the built site, served locally with the local chains up, in Debian's Chromium.
// Prints performance, LCP (and its element), TBT, CLS (and what moved), time to interactive and
// accessibility per route. Figures only.
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { serveAll, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';

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
const devnet = await startDevnet();
// The site as a visitor sees it: /pools and the charts draw the api's figures.
const api = await startApi({ log: () => undefined });
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
