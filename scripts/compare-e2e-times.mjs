// Compares two e2e runs test by test: `node scripts/compare-e2e-times.mjs before.log after.log`
// (Playwright's list reporter output, as `npm test` prints it, or its JSON reporter's file).
// Prints each test present in both runs with its duration before and after, slowest change
// first, and flags those more than --threshold (default 10%) slower. A test is known by its
// spec file and title (line numbers move between commits). The machine's load is not in the
// logs: compare runs made under the same load, or read the flags as leads, not verdicts.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const thresholdAt = args.indexOf('--threshold');
const threshold = thresholdAt >= 0 ? Number(args.splice(thresholdAt, 2)[1]) : 10;
// --steps: with JSON reports, each test's steps too (test.step, nested as "a / b"), as rows of
// their own ("spec › title › step"), so a long test shows where its time changed.
const stepsAt = args.indexOf('--steps');
const withSteps = stepsAt >= 0 && Boolean(args.splice(stepsAt, 1));
const minSeconds = 1; // below a second, a 10% change is the clock's noise
if (args.length !== 2 || !(threshold >= 0)) {
  console.error(
    'usage: node scripts/compare-e2e-times.mjs before.log after.log [--threshold 10] [--steps]',
  );
  process.exit(2);
}

const UNIT = { ms: 0.001, s: 1, m: 60 };
// "  ✓   12 specs/charts.e2e.ts:239:1 › title (7.3s)"; a retried test prints once per attempt.
const LINE = /^\s*[✓✘×-]\s+\d+\s+(\S+?\.e2e\.ts):\d+:\d+ › (.*) \((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;

/** Map of "spec › title" to seconds (the last attempt's, as the reporter shows it). */
function durations(file) {
  const text = readFileSync(file, 'utf8');
  const out = new Map();
  if (text.trimStart().startsWith('{')) {
    // Playwright's own steps (hooks, fixtures, expect) are category "hook"/"fixture"/"expect"
    // and absent from the JSON; what is left are the test's test.step()s. A repeated title gets
    // its occurrence number.
    const addSteps = (steps = [], prefix) => {
      const seen = new Map();
      for (const step of steps) {
        const n = (seen.get(step.title) ?? 0) + 1;
        seen.set(step.title, n);
        const name = `${prefix}${prefix.includes(' › step ') ? ' / ' : ' › step '}${step.title}${n > 1 ? ` #${n}` : ''}`;
        out.set(name, step.duration / 1000);
        addSteps(step.steps, name);
      }
    };
    const walk = (suite, spec) => {
      const file = suite.file ?? spec;
      for (const s of suite.specs ?? [])
        for (const t of s.tests ?? []) {
          const last = t.results?.at(-1);
          if (!last) continue;
          const name = `${s.file ?? file} › ${s.title}`;
          out.set(name, last.duration / 1000);
          if (withSteps) addSteps(last.steps, name);
        }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of JSON.parse(text).suites ?? []) walk(suite);
    return out;
  }
  for (const line of stripVTControlCharacters(text).split('\n')) {
    const m = LINE.exec(line);
    if (m) out.set(`${m[1].replace(/^.*specs\//, '')} › ${m[2]}`, Number(m[3]) * UNIT[m[4]]);
  }
  return out;
}

const before = durations(args[0]);
const after = durations(args[1]);
const rows = [...after]
  .filter(([name]) => before.has(name))
  .map(([name, now]) => {
    const was = before.get(name);
    return { name, was, now, change: ((now - was) / was) * 100 };
  })
  .sort((a, b) => b.now - b.was - (a.now - a.was));

const fmt = (s) => `${s.toFixed(1)} s`.padStart(8);
let slower = 0;
for (const r of rows) {
  const flag = r.change > threshold && r.now >= minSeconds;
  if (flag) slower++;
  console.log(
    `${flag ? 'SLOWER' : '      '} ${fmt(r.was)} ${fmt(r.now)} ${`${r.change >= 0 ? '+' : ''}${r.change.toFixed(0)}%`.padStart(6)}  ${r.name}`,
  );
}
const sum = (m, names) => names.reduce((s, n) => s + m.get(n), 0);
const common = rows.map((r) => r.name);
console.log(
  `\n${rows.length} tests in both runs (${before.size} before, ${after.size} after): ` +
    `${sum(before, common).toFixed(0)} s before, ${sum(after, common).toFixed(0)} s after; ` +
    `${slower} more than ${threshold}% slower (of those lasting at least ${minSeconds} s). ` +
    `Only in the later run: ${after.size - rows.length} tests, ` +
    `${[...after]
      .filter(([n]) => !before.has(n))
      .reduce((s, [, d]) => s + d, 0)
      .toFixed(0)} s.`,
);
