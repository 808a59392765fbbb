// Keeps a process running the way systemd's `Restart=always` with `RestartSec` and
// `RestartSteps`/`RestartMaxDelaySec` does: when it dies, it is started again after a delay that
// doubles with each quick death (1 s, 2 s, 4 s ... at most 30 s) and starts again from 1 s once a
// run lasted `stableMs`. Each death and each restart is said (`say`), with the cause and the
// delay, for the operator's log.

/** The delay before the restart that follows `failures` quick deaths in a row. */
export function restartDelay(failures, { firstMs = 1000, maxMs = 30000 } = {}) {
  return Math.min(maxMs, firstMs * 2 ** failures);
}

const secs = (ms) => `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;

/**
 * Runs `start()` (resolves with a running ChildProcess once it is ready, rejects when it is not)
 * and starts it again whenever it exits, until `stop()`. Resolves with the supervisor once the
 * first start succeeded; a first start that fails rejects (nothing is supervised then).
 * `say(line, level)`: where the deaths and restarts are told ('warn' or 'info').
 */
export async function supervise({ name, start, say, stableMs = 30000, firstMs, maxMs }) {
  let child;
  let stopped = false;
  let failures = 0;
  let restarts = 0;
  let timer;

  const watch = (running, startedAt) => {
    child = running;
    running.once('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= stableMs) failures = 0;
      scheduleRestart(`exited (${signal ?? `code ${code}`}) after ${secs(Date.now() - startedAt)}`);
    });
  };

  const scheduleRestart = (what) => {
    const delay = restartDelay(failures, { firstMs, maxMs });
    failures += 1;
    restarts += 1;
    say(`${name} ${what}; restarting it in ${secs(delay)} (restart ${restarts})`, 'warn');
    timer = setTimeout(async () => {
      if (stopped) return;
      const startedAt = Date.now();
      try {
        const running = await start();
        if (stopped) return void running.kill('SIGTERM');
        say(
          `${name} restarted: ready in ${secs(Date.now() - startedAt)} (restart ${restarts})`,
          'info',
        );
        watch(running, startedAt);
      } catch (error) {
        if (!stopped) scheduleRestart(`did not start again (${error.message})`);
      }
    }, delay);
  };

  const startedAt = Date.now();
  watch(await start(), startedAt);
  return {
    name,
    /** The process running now (undefined while it waits to restart). */
    get child() {
      return child && child.exitCode === null && child.signalCode === null ? child : undefined;
    },
    get restarts() {
      return restarts;
    },
    /** No more restarts; returns the process running now, for its caller to stop. */
    stop() {
      stopped = true;
      clearTimeout(timer);
      return this.child;
    },
  };
}
