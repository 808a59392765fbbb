import type { Queryable } from '../db/db';

/** Every indexed row of a network, in a stable order (to compare two databases or two runs). */
export async function dumpNetwork(
  db: Queryable,
  network: string,
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const tables: Array<[string, string]> = [
    ['pairs', 'address'],
    ['trades', 'tx_hash, log_index'],
    ['syncs', 'tx_hash, log_index'],
    ['liquidity_events', 'tx_hash, log_index'],
    ['candles', 'pair, bucket'],
  ];
  for (const [table, order] of tables) {
    const { rows } = await db.query(
      `SELECT to_jsonb(t) - 'network' AS r FROM ${table} t WHERE network = $1 ORDER BY ${order}`,
      [network],
    );
    out[table] = rows.map((r) => (r as { r: unknown }).r);
  }
  return out;
}
