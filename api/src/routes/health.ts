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
  /** Nodes set aside until restart: they serve another chain ("host is on chain 137"). */
  wrongChain?: string[];
}

/**
 * /health: the process answers (nothing else is asked: a load balancer must not take every
 * instance out because the database is away). /ready: the database answers and every network's
 * indexer is within readyMaxLag blocks of its head − confirmations; else 503 with every reason.
 */
export const healthRoutes: FastifyPluginAsync<{ readyMaxLag?: number }> = async (app, opts) => {
  const maxLag = opts.readyMaxLag ?? 10;
  const sources = new Map(
    app.networks.map((n) => [
      n.id,
      sourceFor(n, {
        timeoutMs: READY_NODE_TIMEOUT_MS,
        chainCheck: app.chainChecks.get(n.id),
        metrics: app.metrics,
      }),
    ]),
  );
  // A load balancer asks /ready every few seconds, on every instance: the head is asked of a
  // node at most once a block time per network (the writer's followed head costs nothing).
  const asked = new Map<string, { at: number; head: Promise<number | null> }>();
  const headOf = (n: (typeof app.networks)[number]): Promise<number | null> | number => {
    const indexer = app.indexers.find((i) => i.id === n.id);
    const followed = indexer?.writer ? indexer.opts.heads : undefined;
    if (followed?.latest && followed.ageMs < 2 * followed.blockTimeMs)
      return followed.latest.number;
    const held = asked.get(n.id);
    if (held && performance.now() - held.at < n.blockTimeMs) return held.head;
    const head = sources
      .get(n.id)!
      .head()
      .catch(() => null);
    asked.set(n.id, { at: performance.now(), head });
    return head;
  };

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
        const head = await headOf(n);
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
        const wrong = [
          ...new Set(
            [...(app.chainChecks.get(n.id)?.wrong.values() ?? [])].map(
              (w) => `${w.label} is on chain ${w.chain}`,
            ),
          ),
        ];
        if (wrong.length) entry.wrongChain = wrong;
        const indexer = app.indexers.find((i) => i.id === n.id);
        if (indexer) {
          entry.writer = indexer.writer;
          if (indexer.lastError)
            entry.error = `${indexer.lastError.cause}: ${indexer.lastError.message}`;
        }
        networks[n.id] = entry;
        if (halted)
          reasons.push(`${n.id} indexing stopped: ${halted.reason}. ${reindexHint(n.id)}`);
        else if (status === 'node unreachable')
          reasons.push(
            wrong.length
              ? `${n.id}: no node of chain ${n.chainId} answers (${wrong.join(', ')})`
              : `${n.id}: no node answers`,
          );
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
