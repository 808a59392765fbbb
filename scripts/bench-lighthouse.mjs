// npm run bench:lighthouse (after a build): Lighthouse's mobile defaults (slow 4G, 4x CPU) on each
// route of the built site, served locally with the local chains up, in Debian's Chromium.
// Prints per route the medians of the runs that succeeded, beside the goals (performance >= 95,
// TBT <= 150 ms, LCP <= 2.5 s), with the machine's load while they ran: performance, LCP (and its
// element), TBT, CLS (and what moved), time to interactive and accessibility. A run Lighthouse
// could not finish (NO_LCP, NO_FCP, a page that never settles) is said so and run again, up to
// `--retries` times (default 2). Before Lighthouse, the swap box's usable time on `/` and the
// JavaScript before it on both builds, 1x and 4x CPU (scripts/usable.mjs). Lighthouse measures
// the deploy build (`build:deploy`, what production serves) when it is built, else npm start's;
// `-- --build start|deploy` picks one. Figures only.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { root, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';
import { isBuilt, printUsableOnBothBuilds, serveBuild } from './usable.mjs';

const require = createRequire(import.meta.url);
const { CHROMIUM } = require('@jmswap/mf-config');
const { chromium } = require('playwright-core');

const ALL_ROUTES = ['/', '/?n=BSC', '/charts', '/pools', '/listing', '/info', '/help'];
// `-- /info /help` measures only those routes.
const ROUTES = process.argv.slice(2).filter((r) => r.startsWith('/'));
if (ROUTES.length === 0) ROUTES.push(...ALL_ROUTES);
// `-- --runs 3`: that many successful runs of each route, printing the median of each figure and
// the details of the run with the median performance score; single runs on a small machine move
// by about ±10 points, and by far more while other work shares its two cores (the load printed).
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Math.max(0, Number(process.argv[at + 1]) || 0) : fallback;
};
const RUNS = Math.max(1, option('--runs', 1));
const RETRIES = option('--retries', 2);
// `-- --save`: each successful run's full Lighthouse report (JSON), its trace and DevTools log go
// to .run/lighthouse/, for the audits the table leaves out (the LCP's breakdown, main-thread
// tasks, network requests) and for replaying the simulation on what the run saw.
const SAVE = process.argv.includes('--save');
const GOALS = { performance: 95, tbt: 150, lcp: 2500 };
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () => loadavg()[0].toFixed(1);
const mark = (ok) => (ok ? 'ok' : 'MISSED');
const buildAt = process.argv.indexOf('--build');
const BUILD = buildAt > 0 ? process.argv[buildAt + 1] : isBuilt('deploy') ? 'deploy' : 'start';
if (!['start', 'deploy'].includes(BUILD)) throw new Error('--build start|deploy');

writeRuntimeConfig();
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
{
  const browser = await chromium.launch(CHROMIUM);
  await printUsableOnBothBuilds(browser).finally(() => browser.close());
}
// The build as it is now, pinned: pins of an older build would make the shell refuse the rebuilt
// remotes (integrity) and measure their fallbacks.
const servers = await serveBuild(BUILD);
console.log(`\nLighthouse, ${BUILD === 'deploy' ? 'the deploy build' : "npm start's build"}:`);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM.args],
});
/**
 * One Lighthouse run. The page's load may take long on a loaded machine: Lighthouse waits up to
 * 90 s for it (45 s by default, after which it stops the trace and finds no LCP in it).
 */
async function runOnce(route) {
  const { lhr, artifacts } = await lighthouse(`http://localhost:8080${route}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    maxWaitForFcp: 60000,
    maxWaitForLoad: 90000,
  });
  return { lhr, trace: artifacts?.Trace, devtoolsLog: artifacts?.DevtoolsLog };
}

/** Why a run gave no figures: Lighthouse's error, and the LCP events its trace holds. */
function failure(route, attempt, lhr, trace) {
  const events = trace?.traceEvents ?? [];
  const count = (name) => events.filter((e) => e.name === name).length;
  const dir = join(root, '.run/lighthouse');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${route.replace(/\W+/g, '_') || 'root'}-failed-${attempt}.trace.json`);
  if (trace) writeFileSync(file, JSON.stringify(trace));
  return (
    `${lhr.runtimeError?.code ?? 'no performance score'} (load ${load()}; trace: ` +
    `${count('largestContentfulPaint::Candidate')} LCP candidates, ` +
    `${count('largestContentfulPaint::Invalidate')} invalidations, ` +
    `${count('firstContentfulPaint')} FCP${trace ? `; ${file}` : ''})`
  );
}

/** Writes one run's report, trace and DevTools log; returns the report's path. */
function saveReport(route, run, { lhr, trace, devtoolsLog }) {
  const dir = join(root, '.run/lighthouse');
  mkdirSync(dir, { recursive: true });
  const name = join(dir, `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${run}`);
  writeFileSync(`${name}.report.json`, JSON.stringify(lhr));
  if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
  if (devtoolsLog) writeFileSync(`${name}.devtoolslog.json`, JSON.stringify(devtoolsLog));
  return `${name}.report.json`;
}

try {
  console.log(
    `route      performance   LCP        TBT       CLS     interactive  accessibility  load\n` +
      `goal       >= ${GOALS.performance}         <= ${GOALS.lcp / 1000} s   <= ${GOALS.tbt} ms`,
  );
  for (const route of ROUTES) {
    const runs = [];
    const failed = [];
    const loads = [load()];
    while (runs.length < RUNS && failed.length <= RETRIES * RUNS) {
      const { lhr, trace, devtoolsLog } = await runOnce(route);
      if (lhr.runtimeError || lhr.categories.performance.score === null)
        failed.push(failure(route, failed.length + 1, lhr, trace));
      else {
        runs.push(lhr);
        if (SAVE)
          console.log(
            `${route.padEnd(10)} report ${saveReport(route, runs.length, { lhr, trace, devtoolsLog })}`,
          );
      }
    }
    loads.push(load());
    for (const why of failed) console.log(`${route.padEnd(10)} a run failed: ${why}`);
    if (runs.length === 0) {
      console.log(`${route.padEnd(10)} no run succeeded`);
      continue;
    }
    const performance = (r) => Math.round((r.categories.performance.score ?? 0) * 100);
    const figure = (r, id) => r.audits[id].numericValue;
    const score = median(runs.map(performance));
    const lcp = median(runs.map((r) => figure(r, 'largest-contentful-paint')));
    const tbt = median(runs.map((r) => figure(r, 'total-blocking-time')));
    const cls = median(runs.map((r) => figure(r, 'cumulative-layout-shift')));
    const tti = median(runs.map((r) => figure(r, 'interactive')));
    const a11y = median(runs.map((r) => Math.round(r.categories.accessibility.score * 100)));
    // The details below are those of the run with the median performance score.
    runs.sort((x, y) => performance(x) - performance(y));
    const lhr = runs[Math.floor((runs.length - 1) / 2)];
    const a = lhr.audits;
    console.log(
      `${route.padEnd(10)} ${`${score} ${mark(score >= GOALS.performance)}`.padStart(11)}   ` +
        `${`${Math.round(lcp)} ms ${mark(lcp <= GOALS.lcp)}`.padEnd(10)} ` +
        `${`${Math.round(tbt)} ms ${mark(tbt <= GOALS.tbt)}`.padEnd(9)} ${cls.toFixed(3).padEnd(7)} ` +
        `${`${Math.round(tti)} ms`.padEnd(12)} ${String(a11y).padStart(5)}          ${loads.join('-')}`,
    );
    if (runs.length > 1)
      console.log(
        `           ${runs.length} runs: performance ${runs.map(performance).join(', ')}; LCP ${runs.map((r) => Math.round(figure(r, 'largest-contentful-paint'))).join(', ')} ms; TBT ${runs.map((r) => Math.round(figure(r, 'total-blocking-time'))).join(', ')} ms`,
      );
    // What the LCP was, and where its time went (load delay = waiting for the scripts that draw it).
    const lcpParts = a['largest-contentful-paint-element']?.details?.items ?? [];
    const element = lcpParts[0]?.items?.[0]?.node?.snippet;
    const phases = (lcpParts[1]?.items ?? [])
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
