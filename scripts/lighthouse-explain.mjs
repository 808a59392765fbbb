// node scripts/lighthouse-explain.mjs .run/lighthouse/root-1 (a run `npm run bench:lighthouse --
// --save` kept): what Lighthouse's simulation (Lantern) made of it. Lantern's LCP is the end of
// the last node of a graph cut at the LCP the run observed (the paint's reported time): every
// request that ended before it, and the tasks that evaluated scripts before it. This replays
// that simulation on the saved trace and DevTools log and lists the graph's requests and tasks
// with their simulated start and end, then the run's main-thread tasks as TBT counts them
// (observed time x 4, those of 50 ms or more), each with what ran in it. Figures only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { root } from './stack.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('@jmswap/mf-config');

const base = process.argv[2];
if (!base) throw new Error('usage: node scripts/lighthouse-explain.mjs .run/lighthouse/root-1');
const read = (kind) => JSON.parse(readFileSync(`${base}.${kind}.json`, 'utf8'));
const lhr = read('report');
const trace = read('trace');
const devtoolsLog = read('devtoolslog');
const CPU_SLOWDOWN = lhr.configSettings.throttling.cpuSlowdownMultiplier;

// The computed artifacts Lighthouse's audits use, fed what the run gathered.
const context = { computedCache: new Map(), settings: lhr.configSettings };
const data = {
  trace,
  devtoolsLog,
  gatherContext: { gatherMode: 'navigation' },
  settings: lhr.configSettings,
  URL: {
    requestedUrl: lhr.requestedUrl,
    mainDocumentUrl: lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
  },
  SourceMaps: [],
  simulator: null,
};

const short = (url) => url.replace(/^https?:\/\/(localhost|127\.0\.0\.1)/, '');
const named = (event) =>
  event.name === 'EvaluateScript'
    ? `evaluate ${short(event.args?.data?.url ?? '') || 'inline'}`
    : event.name;
function describe(node) {
  if (node.type === 'network')
    return `${node.request.resourceType} ${short(node.request.url)} ${node.request.transferSize} B`;
  const kinds = new Set(
    node.childEvents
      .map(named)
      .filter((n) =>
        /^evaluate|Layout|Paint$|ParseHTML|FunctionCall|TimerFire|RunMicrotasks/.test(n),
      ),
  );
  return `task ${Math.round(node.duration / 1000)} ms observed: ${[...kinds].slice(0, 5).join(', ')}`;
}

const lcp = await LanternLargestContentfulPaint.request(data, context);
console.log(
  `simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}); the pessimistic graph, simulated ms:`,
);
for (const [node, t] of [...lcp.pessimisticEstimate.nodeTimings].sort(
  (a, b) => a[1].startTime - b[1].startTime,
))
  console.log(
    `  ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${describe(node)}`,
  );
const tbt = await LanternTotalBlockingTime.request(data, context);
console.log(`simulated TBT ${Math.round(tbt.timing)} ms`);

// Where a function of a served script comes from: the build's source map beside the file.
const PORTS = Object.fromEntries(
  Object.values(APPS).map((app) => [
    app.port,
    app.dir === 'shell' ? 'shell/dist/app' : `${app.dir}/dist`,
  ]),
);
const maps = new Map();
function source(url, line, column) {
  const at = URL.canParse(url) ? new URL(url) : undefined;
  if (!at || !PORTS[at.port] || !at.pathname.endsWith('.js')) return short(url || '?');
  if (!maps.has(url)) {
    try {
      const file = join(root, PORTS[at.port], `${at.pathname}.map`);
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))));
    } catch {
      maps.set(url, undefined);
    }
  }
  const p = maps.get(url)?.originalPositionFor({ line: line + 1, column });
  if (!p?.source) return at.pathname.slice(1);
  const file = p.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/.*node_modules\//, '');
  return `${file}:${p.line}${p.name ? ` ${p.name}` : ''}`;
}

const events = trace.traceEvents;
const navigation = events.find(
  (e) =>
    e.name === 'navigationStart' &&
    e.args?.data?.isLoadingMainFrame &&
    e.args.data.documentLoaderURL?.startsWith('http'),
);
const thread = events.filter(
  (e) =>
    e.pid === navigation.pid && e.tid === navigation.tid && e.ts >= navigation.ts && e.ph === 'X',
);
const at = (e) => Math.round((e.ts - navigation.ts) / 1000);
for (const mark of events.filter((e) =>
  /^(firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(e.name),
))
  if (mark.ts >= navigation.ts) console.log(`${mark.name} reported at ${at(mark)} ms`);
console.log(
  `main-thread tasks of ${50 / CPU_SLOWDOWN} ms or more (${CPU_SLOWDOWN}x: 50 ms or more):`,
);
for (const task of thread.filter(
  (e) => e.name === 'RunTask' && (e.dur / 1000) * CPU_SLOWDOWN >= 50,
)) {
  const parts = thread
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
    .filter((e) => e.dur >= 3000)
    .map((e) => {
      const ms = Math.round(e.dur / 1000);
      if (e.name === 'FunctionCall')
        return `call ${source(e.args.data.url, e.args.data.lineNumber, e.args.data.columnNumber)} ${ms}`;
      if (
        /^(EvaluateScript|Layout|UpdateLayoutTree|Paint|ParseHTML|RunMicrotasks|FireIdleCallback|TimerFire)$/.test(
          e.name,
        )
      )
        return `${named(e)} ${ms}`;
      return undefined;
    })
    .filter(Boolean);
  const ms = task.dur / 1000;
  console.log(
    `  at ${String(at(task)).padStart(5)} ms: ${ms.toFixed(0).padStart(4)} ms (${(ms * CPU_SLOWDOWN).toFixed(0)} at ${CPU_SLOWDOWN}x)  ${parts.slice(0, 6).join('; ')}`,
  );
}
