import type { FastifyPluginAsync } from 'fastify';
import { readCursor } from '../indexer/store';
import { sourceFor } from '../indexer/sources';
import type { AppOptions } from '../app';

/**
 * /health: the process answers. /ready: database reachable and every indexer near its head
 * (within readyMaxLag blocks of head − the network's confirmations).
 */
export const healthRoutes: FastifyPluginAsync<AppOptions> = async (app, opts) => {
  const maxLag = opts.readyMaxLag ?? 10;
  const heads = new Map(app.networks.map((n) => [n.id, sourceFor(n)]));

  app.get('/health', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    const networks: Record<
      string,
      { head: number | null; indexed: number | null; lag: number | null }
    > = {};
    let ready = true;
    let message = 'ready';
    try {
      await app.db.query('SELECT 1');
    } catch {
      ready = false;
      message = 'database unreachable';
    }
    await Promise.all(
      app.networks.map(async (n) => {
        const cursor = ready ? await readCursor(app.db, n.id).catch(() => null) : null;
        const head = await heads
          .get(n.id)!
          .head()
          .catch(() => null);
        // Behind the head by the network's confirmations on purpose: lag counts from there.
        const lag =
          head !== null && cursor
            ? Math.max(0, head - (n.confirmations ?? 0) - cursor.blockNumber)
            : null;
        networks[n.id] = { head, indexed: cursor?.blockNumber ?? null, lag };
        if (lag === null || lag > maxLag) {
          ready = false;
          if (message === 'ready')
            message = `indexer of ${n.id} is not within ${maxLag} blocks of its chain`;
        }
      }),
    );
    void reply.code(ready ? 200 : 503);
    return { ready, message, networks };
  });
};
