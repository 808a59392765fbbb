/**
 * A network's indexer state the operator acts on, in `indexer_control`: halted (a reorganisation
 * deeper than the kept block window) and re-index requests. Every api instance reads it (/ready,
 * /metrics); the process holding the network's lock carries the requests out.
 */
import type { Queryable } from '../db/db';

export interface Control {
  network: string;
  halted: { reason: string; block: number | null; at: string } | null;
  reindexFrom: number | null;
  lastOutcome: string | null;
}

const COLUMNS = `network, halted_reason, halted_block::text AS halted_block,
  to_char(halted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS halted_at,
  reindex_from::text AS reindex_from, last_outcome`;

type Row = {
  network: string;
  halted_reason: string | null;
  halted_block: string | null;
  halted_at: string | null;
  reindex_from: string | null;
  last_outcome: string | null;
};

const toControl = (r: Row): Control => ({
  network: r.network,
  halted: r.halted_reason
    ? {
        reason: r.halted_reason,
        block: r.halted_block === null ? null : Number(r.halted_block),
        at: r.halted_at ?? '',
      }
    : null,
  reindexFrom: r.reindex_from === null ? null : Number(r.reindex_from),
  lastOutcome: r.last_outcome,
});

export async function readControl(db: Queryable, network: string): Promise<Control | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM indexer_control WHERE network = $1`,
    [network],
  );
  return rows[0] ? toControl(rows[0]) : null;
}

export async function readAllControl(db: Queryable): Promise<Control[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM indexer_control ORDER BY network`);
  return rows.map(toControl);
}

/** The indexer stops the network: nothing is written for it until a re-index. */
export async function markHalted(
  db: Queryable,
  network: string,
  reason: string,
  block: number,
): Promise<void> {
  await db.query(
    `INSERT INTO indexer_control (network, halted_reason, halted_block, halted_at, updated_at)
     VALUES ($1, $2, $3, now(), now())
     ON CONFLICT (network) DO UPDATE SET halted_reason = EXCLUDED.halted_reason,
       halted_block = EXCLUDED.halted_block, halted_at = now(), updated_at = now()`,
    [network, reason, block],
  );
}

/** Asks the network's writer to re-index from `from` (replaces an earlier request). */
export async function requestReindex(db: Queryable, network: string, from: number): Promise<void> {
  await db.query(
    `INSERT INTO indexer_control (network, reindex_from, reindex_requested_at, updated_at)
     VALUES ($1, $2, now(), now())
     ON CONFLICT (network) DO UPDATE SET reindex_from = EXCLUDED.reindex_from,
       reindex_requested_at = now(), last_outcome = NULL, updated_at = now()`,
    [network, from],
  );
}

/** The request is done (or refused): `outcome` says which; `resume` lifts a halt. */
export async function finishReindex(
  db: Queryable,
  network: string,
  outcome: string,
  resume: boolean,
): Promise<void> {
  await db.query(
    `UPDATE indexer_control SET reindex_from = NULL, reindex_requested_at = NULL,
       last_outcome = $2, updated_at = now(),
       halted_reason = CASE WHEN $3 THEN NULL ELSE halted_reason END,
       halted_block = CASE WHEN $3 THEN NULL ELSE halted_block END,
       halted_at = CASE WHEN $3 THEN NULL ELSE halted_at END
     WHERE network = $1`,
    [network, outcome, resume],
  );
}

export interface NetworkState {
  network: string;
  cursor: number | null;
  halted: Control['halted'];
  reindexFrom: number | null;
  lastOutcome: string | null;
}

/** Every network with a cursor or a control row: where it is and what the operator asked. */
export async function indexerStates(db: Queryable): Promise<NetworkState[]> {
  const { rows } = await db.query<{ network: string; cursor: string | null }>(
    `SELECT n.network, c.block_number::text AS cursor FROM
       (SELECT network FROM indexer_cursor UNION SELECT network FROM indexer_control) n
       LEFT JOIN indexer_cursor c ON c.network = n.network ORDER BY n.network`,
  );
  const control = new Map((await readAllControl(db)).map((c) => [c.network, c]));
  return rows.map((r) => {
    const c = control.get(r.network);
    return {
      network: r.network,
      cursor: r.cursor === null ? null : Number(r.cursor),
      halted: c?.halted ?? null,
      reindexFrom: c?.reindexFrom ?? null,
      lastOutcome: c?.lastOutcome ?? null,
    };
  });
}
