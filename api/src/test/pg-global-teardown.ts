import type { PostgresServer } from './postgres-server';

export default async function globalTeardown(): Promise<void> {
  (globalThis as { __jmswapPg?: PostgresServer }).__jmswapPg?.stop();
}
