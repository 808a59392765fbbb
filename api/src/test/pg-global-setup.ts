import { startPostgres } from './postgres-server';

/** One PostgreSQL server for the whole api test run; each test file uses its own database. */
export default async function globalSetup(): Promise<void> {
  const server = await startPostgres();
  process.env.JMSWAP_TEST_PG_URL = server.url;
  (globalThis as { __jmswapPg?: typeof server }).__jmswapPg = server;
}
