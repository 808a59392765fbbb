/** The api's pruning of client reports (see pruneReports): at start-up, then on a timer. */
import type { Queryable } from '../db/db';
import type { LineLogger } from '../log';
import { pruneReports } from './store';

export const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface ReportRetention {
  /** Stops the timer; resolves once a prune in flight is done (before the database closes). */
  stop(): Promise<void>;
}

export function startReportRetention(opts: {
  db: Queryable;
  logger: LineLogger;
  keepDays?: number;
  maxRows?: number;
  everyMs?: number;
}): ReportRetention {
  let running: Promise<void> = Promise.resolve();
  const prune = () =>
    (running = running.then(async () => {
      try {
        const deleted = await pruneReports(opts.db, opts);
        if (deleted)
          opts.logger.info(
            { deleted, keepDays: opts.keepDays, maxRows: opts.maxRows },
            'old client reports deleted',
          );
      } catch (err) {
        // The database away: the next round tries again; reports are never lost by this.
        opts.logger.warn({ err }, 'client reports not pruned; trying again later');
      }
    }));
  void prune();
  const timer = setInterval(prune, opts.everyMs ?? PRUNE_EVERY_MS);
  // Never what keeps the process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
