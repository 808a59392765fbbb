import type { FastifyPluginAsync } from 'fastify';
import { unavailableReason } from '../db/db';
import { readAllControl, type Control } from '../indexer/control';
import { reindexHint } from '../indexer/indexer';
import { readCursor } from '../indexer/store';
import { sourceFor } from '../indexer/sources';

/** How long /ready waits for a node's head before it says the node does not answer. */
export const READY_NODE_TIMEOUT_MS = 3000;

export interface NetworkReadiness {
  /** The chain's newest block (null: no node answered). */
  head: number | null;
  /** The cursor: every event up to this block is stored (null: nothing yet, or no database). */
  indexed: number | null;
  /** head − confirmations − indexed (null when either is unknown). */
  lag: number | null;
  /** ok, halted, behind, node unreachable, not indexed yet, unknown (no database). */
  status: string;
  /** Stopped by its indexer (a reorganisation deeper than the kept window) until a re-index. */
  halted?: { reason: string; block: number | null; at: string };
  /** With the indexers in this process: whether this process writes the network. */
  writer?: boolean;
  /** With the indexers in this process: the last failed step, while it keeps failing. */
  error?: string;
}

/**
 * /health: the process answers (nothing else is asked: a load balancer must not take every
 * instance out because the database is away). /ready: the database answers and every network's
 * indexer is within readyMaxLag blocks of its head − confirmations; else 503 with every reason.
 */
export const healthRoutes: FastifyPluginAsync<{ readyMaxLag?: number }> = async (app, opts) => {
  const maxLag = opts.readyMaxLag ?? 10;
  const heads = new Map(
    app.networks.map((n) => [n.id, sourceFor(n, { timeoutMs: READY_NODE_TIMEOUT_MS })]),
  );

  app.get('/health', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    const reasons: string[] = [];
    let database = 'ok';
    try {
      await app.db.query('SELECT 1');
    } catch (e) {
      database = `unreachable: ${unavailableReason(e) ?? (e as Error).message}`;
      reasons.push(`database ${database}`);
    }
    const networks: Record<string, NetworkReadiness> = {};
    const control = new Map<string, Control>();
    if (database === 'ok')
      for (const c of await readAllControl(app.db).catch(() => [])) control.set(c.network, c);
    await Promise.all(
      app.networks.map(async (n) => {
        const cursor = database === 'ok' ? await readCursor(app.db, n.id).catch(() => null) : null;
        const head = await heads
          .get(n.id)!
          .head()
          .catch(() => null);
        // Behind the head by the network's confirmations on purpose: lag counts from there.
        const lag =
          head !== null && cursor
            ? Math.max(0, head - (n.confirmations ?? 0) - cursor.blockNumber)
            : null;
        const halted = control.get(n.id)?.halted ?? undefined;
        let status = 'ok';
        if (database !== 'ok') status = 'unknown (no database)';
        else if (halted) status = 'halted';
        else if (head === null) status = 'node unreachable';
        else if (!cursor) status = 'not indexed yet';
        else if (lag !== null && lag > maxLag) status = 'behind';
        const entry: NetworkReadiness = { head, indexed: cursor?.blockNumber ?? null, lag, status };
        if (halted) entry.halted = halted;
        const indexer = app.indexers.find((i) => i.id === n.id);
        if (indexer) {
          entry.writer = indexer.writer;
          if (indexer.lastError)
            entry.error = `${indexer.lastError.cause}: ${indexer.lastError.message}`;
        }
        networks[n.id] = entry;
        if (halted)
          reasons.push(`${n.id} indexing stopped: ${halted.reason}. ${reindexHint(n.id)}`);
        else if (status === 'node unreachable') reasons.push(`${n.id}: no node answers`);
        else if (status === 'not indexed yet') reasons.push(`${n.id}: nothing indexed yet`);
        else if (status === 'behind')
          reasons.push(
            `indexer of ${n.id} is not within ${maxLag} blocks of its chain (lag ${lag})`,
          );
      }),
    );
    const ready = reasons.length === 0;
    void reply.code(ready ? 200 : 503);
    return { ready, message: reasons[0] ?? 'ready', reasons, database, networks };
  });
};
