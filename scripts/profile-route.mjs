// node scripts/profile-route.mjs /pools [--cpu 4] [--until <selector>] [--after <ms>] (after a
// build, inside the start lock): where a route's main-thread time goes. Opens the route of the
// built site (local chains and api up, as bench-lighthouse serves it) in Debian's Chromium with
// the CPU throttled (Lighthouse's mobile 4x by default), records a CPU profile until the
// selector shows plus `--after` ms, and prints the long tasks (>= 50 ms) and the functions with
// the most time of their own, mapped to their sources through the source maps. The profile is
// written to .run/profiles/ (DevTools > Performance > Load profile). Figures only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { root, startBenchStack } from './stack.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { CHROMIUM } = require('@jmswap/mf-config');

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const route = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/pools';
const cpu = Number(arg('--cpu', '4'));
const until = arg('--until', '[data-testid="reserve-a"]');
const after = Number(arg('--after', '3000'));

/** The original source position of a generated one, through the file's source map. */
const maps = new Map();
async function original(url, line, column) {
  if (!/^https?:.*\.js$/.test(url)) return undefined;
  if (!maps.has(url))
    maps.set(
      url,
      await fetch(`${url}.map`)
        .then((r) => (r.ok ? r.json() : undefined))
        .then((m) => m && new SourceMapConsumer(m))
        .catch(() => undefined),
    );
  const map = maps.get(url);
  if (!map) return undefined;
  return map.originalPositionFor({ line: line + 1, column });
}

function shortSource(source) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (m) return `${m[1]}:${m[2].split('/').pop()}`;
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\.\//, '');
}

/**
 * The profile's tasks: runs of samples between idle ones, at least 50 ms long, with each node's
 * time of its own inside the run (ms from the profile's start).
 */
function profileTasks(profile) {
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const tasks = [];
  let at = 0;
  let task;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (idle.has(id)) {
      if (task && task.ms >= 50) tasks.push(task);
      task = undefined;
    } else {
      task ??= { at, ms: 0, self: new Map() };
      task.ms += ms;
      task.self.set(id, (task.self.get(id) ?? 0) + ms);
    }
    at += ms;
  });
  if (task && task.ms >= 50) tasks.push(task);
  return tasks;
}

async function report(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(profile.nodes.map((n) => [n.id, 0]));
  profile.samples.forEach((id, i) => {
    self.set(id, self.get(id) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const byFunction = new Map();
  const bySource = new Map();
  for (const node of profile.nodes) {
    const ms = self.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const pos = await original(url, lineNumber, columnNumber);
    const source = pos?.source
      ? shortSource(pos.source)
      : url
        ? url.split('/').pop()
        : `(${functionName || 'program'})`;
    const name = `${pos?.name ?? functionName ?? '?'} ${source}${pos?.line ? `:${pos.line}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`functions by time of their own:\n${top(byFunction, 30)}`);
  console.log(`tasks of the profile (>= 50 ms between idle samples), with their functions:`);
  for (const task of profileTasks(profile)) {
    const own = new Map();
    for (const [id, ms] of task.self) {
      const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
      const pos = await original(url, lineNumber, columnNumber);
      const source = pos?.source ? shortSource(pos.source) : `(${functionName || 'program'})`;
      const name = `${pos?.name ?? functionName ?? '?'} ${source}${pos?.line ? `:${pos.line}` : ''}`;
      own.set(name, (own.get(name) ?? 0) + ms);
    }
    console.log(
      `  ${task.ms.toFixed(0)} ms at ${task.at.toFixed(0)}:\n${top(own, 6).replace(/^/gm, '  ')}`,
    );
  }
  console.log(`sources by time of their own:\n${top(bySource, 20)}`);
}

const stack = await startBenchStack({ apiData: 'profile-api-data' });
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`http://localhost:8080${route}`);
  await page.waitForSelector(until, { timeout: 60000 });
  const shown = Date.now() - started;
  await page.waitForTimeout(after);
  const { profile } = await cdp.send('Profiler.stop');
  const tasks = await page.evaluate(() => window.__longTasks);
  console.log(
    `${route} at ${cpu}x CPU, load ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: ${until} after ${shown} ms`,
  );
  console.log(`long tasks (start, ms): ${tasks.map(([s, d]) => `${d} at ${s}`).join('; ')}`);
  const dir = join(root, '.run/profiles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${route.replace(/\W+/g, '_') || 'root'}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  await report(profile);
  console.log(`profile: ${file}`);
} finally {
  await browser.close();
  await stack.stop();
}
