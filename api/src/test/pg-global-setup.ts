import { startTestRunCache, stopTestRunCache } from '@jmswap/devnet';
import { startPostgres } from './postgres-server';

/**
 * One PostgreSQL server for the whole api test run; each test file uses its own database. And a
 * folder of this run's own (JMSWAP_TEST_CACHE) where the test files' chains are saved once seeded
 * (test/chain.ts).
 */
export default async function globalSetup(): Promise<void> {
  const server = await startPostgres();
  process.env.JMSWAP_TEST_PG_URL = server.url;
  startTestRunCache('api');
  (globalThis as { __jmswapPg?: typeof server }).__jmswapPg = server;
  // Stopped by globalTeardown; also when jest ends without it (a crash, Ctrl-C).
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      server.stop();
    } catch {
      // already gone
    }
    stopTestRunCache();
  };
  (globalThis as { __jmswapPgStop?: () => void }).__jmswapPgStop = stop;
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
}
