/** Stops the PostgreSQL server globalSetup started. */
export default async function globalTeardown(): Promise<void> {
  (globalThis as { __jmswapPgStop?: () => void }).__jmswapPgStop?.();
}
