import type { Queryable } from '../db/db';

/**
 * Every indexed row of a network, in a stable order (to compare two databases or two runs).
 * Approvals only when asked: an indexer with a source made from a bare url (most tests) reads
 * none, the api's sources (sourceFor) do.
 */
export async function dumpNetwork(
  db: Queryable,
  network: string,
  opts: { approvals?: boolean } = {},
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const tables: Array<[string, string]> = [
    ['pairs', 'address'],
    ['trades', 'tx_hash, log_index'],
    ['syncs', 'tx_hash, log_index'],
    ['liquidity_events', 'tx_hash, log_index'],
    ...(opts.approvals ? ([['approvals', 'tx_hash, log_index']] as Array<[string, string]>) : []),
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
