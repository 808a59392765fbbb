// The supervisor's restart policy, on real child processes that die at once or run on
// (`node --test scripts/supervisor.test.mjs`; part of `node scripts/test.mjs start:prod`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { restartDelay, supervise } from './supervisor.mjs';

test('the delay doubles with each quick death, up to its maximum', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6].map((n) => restartDelay(n)),
    [1000, 2000, 4000, 8000, 16000, 30000, 30000],
  );
});

test('a process that keeps dying is started again, later each time, and each death is said', async () => {
  const lines = [];
  const starts = [];
  const supervisor = await supervise({
    name: 'crasher',
    firstMs: 50,
    maxMs: 200,
    say: (line, level) => lines.push([level, line]),
    start: async () => {
      starts.push(Date.now());
      // The first run lives a little, the next ones die at once.
      const ms = starts.length === 1 ? 100 : 0;
      return spawn(process.execPath, ['-e', `setTimeout(() => process.exit(3), ${ms})`]);
    },
  });
  while (starts.length < 5) await new Promise((r) => setTimeout(r, 20));
  supervisor.stop();
  const gaps = starts.slice(1).map((t, i) => t - starts[i]);
  // 50, 100, 200, 200 ms after each death (plus the run itself).
  for (const [i, least] of [150, 100, 200, 200].entries())
    assert.ok(gaps[i] >= least, `restart ${i + 1} came ${gaps[i]} ms after the start before it`);
  assert.match(
    lines[0][1],
    /^crasher exited \(code 3\) after 0\.\d s; restarting it in 0\.1 s \(restart 1\)$/,
  );
  assert.equal(lines[0][0], 'warn');
  assert.ok(lines.some(([level, l]) => level === 'info' && /^crasher restarted: ready in/.test(l)));
  assert.equal(supervisor.restarts, 4);
});

test('stop() ends the restarts and hands over the running process', async () => {
  let runs = 0;
  const supervisor = await supervise({
    name: 'sleeper',
    say: () => {},
    start: async () => {
      runs += 1;
      return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    },
  });
  const child = supervisor.stop();
  assert.ok(child, 'the running process');
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(runs, 1, 'not started again after stop()');
});
