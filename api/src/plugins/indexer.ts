import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/db';
import { Indexer, type IndexerOptions } from '../indexer/indexer';
import { HeadFollower } from '../indexer/heads';
import { headSubscriber, sourceFor } from '../indexer/sources';

/** Confirmations come from each network (config.ts), which /ready reads too. */
export type IndexerPluginOptions = Pick<
  IndexerOptions,
  'maxRange' | 'pollMs' | 'lockRetryMs' | 'reorgWindow'
> & {
  /** Per node request, ms (API_NODE_TIMEOUT_MS; default 10 000). */
  nodeTimeoutMs?: number;
  /** A failing node's first quarantine, ms (API_NODE_QUARANTINE_MS; default 2 000). */
  nodeQuarantineMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    indexers: Indexer[];
    /** Stops every indexer (once; later calls wait for the same stop). */
    stopIndexers(): Promise<unknown>;
    /**
     * `candles` (network, pair addresses or 'all'): this process's indexers committed new or
     * changed candles (the chart answers cached for those pairs are dropped).
     */
    candleChanges: EventEmitter;
  }
}

/** The channel on which the writer of a network tells the other instances what it stored. */
export const INDEXED_CHANNEL = 'jmswap_indexed';
/** NOTIFY's payload limit is 8 000 bytes: a longer list of pairs is sent as 'all'. */
const MAX_PAYLOAD = 7900;

/** A NOTIFY from a writer: its process, the network, the pairs with new trades or 'all'. */
interface Indexed {
  w: string;
  n: string;
  p: string[] | 'all';
}

/**
 * One indexer per network, started when the server is ready and stopped on close. On
 * PostgreSQL, each write is also announced (NOTIFY, at commit) to the other instances, which
 * drop their cached answers of those pairs at once (LISTEN): a reader's pages follow the
 * writer within the block, not after their cache's 5 s.
 */
export const indexerPlugin = fp<{ indexer?: IndexerPluginOptions | false }>(
  async (app, opts) => {
    const settings = opts.indexer;
    const logger = app.log.child({ component: 'indexer' });
    const candleChanges = new EventEmitter();
    app.decorate('candleChanges', candleChanges);
    const self = randomUUID();
    const announce = app.db.listen
      ? async (tx: Queryable, network: string, pairs: string[] | 'all') => {
          let payload = JSON.stringify({ w: self, n: network, p: pairs } satisfies Indexed);
          if (payload.length > MAX_PAYLOAD)
            payload = JSON.stringify({ w: self, n: network, p: 'all' } satisfies Indexed);
          await tx.query('SELECT pg_notify($1, $2)', [INDEXED_CHANNEL, payload]);
        }
      : undefined;
    const listener = app.db.listen?.(
      INDEXED_CHANNEL,
      (payload) => {
        let m: Indexed;
        try {
          m = JSON.parse(payload) as Indexed;
        } catch {
          return;
        }
        if (m.w !== self && typeof m.n === 'string') candleChanges.emit('candles', m.n, m.p);
      },
      // (Re)connected: whatever was announced meanwhile is unknown; nothing cached is kept.
      () => {
        for (const n of app.networks) candleChanges.emit('candles', n.id, 'all');
      },
    );
    if (listener) app.addHook('onClose', () => listener.close());
    const indexers = settings
      ? app.networks.map((network) => {
          const { nodeTimeoutMs, nodeQuarantineMs, ...rest } = settings;
          const chainCheck = app.chainChecks.get(network.id);
          const source = sourceFor(network, {
            timeoutMs: nodeTimeoutMs,
            quarantineMs: nodeQuarantineMs,
            logger: app.log.child({ component: 'nodes' }),
            metrics: app.metrics,
            chainCheck,
          });
          const heads = source.latest
            ? new HeadFollower({
                network: network.id,
                source,
                blockTimeMs: network.blockTimeMs,
                keep: network.confirmations + 64,
                subscribe: headSubscriber(network, { chainCheck, metrics: app.metrics }),
                logger,
              })
            : undefined;
          return new Indexer({
            db: app.db,
            network,
            source,
            heads,
            logger,
            metrics: app.metrics,
            onCandles: (pairs) => candleChanges.emit('candles', network.id, pairs),
            ...(announce ? { announce: (tx, pairs) => announce(tx, network.id, pairs) } : {}),
            ...rest,
          });
        })
      : [];
    app.decorate('indexers', indexers);
    app.addHook('onReady', async () => {
      for (const i of indexers) i.start();
    });
    // Stopped while the listeners drain their requests (preClose), not after: each finishes its
    // current range (reads cut after 5 s), so a stop is bounded by the slower of the two. The
    // database closes only after both (main.ts calls stopIndexers before it closes it: onClose
    // hooks of one instance run last-registered first).
    let stopping: Promise<unknown> | undefined;
    const stopAll = () => (stopping ??= Promise.all(indexers.map((i) => i.stop())));
    app.decorate('stopIndexers', stopAll);
    app.addHook('preClose', async () => {
      void stopAll();
    });
    app.addHook('onClose', async () => {
      await stopAll();
    });
  },
  { name: 'indexer', dependencies: ['db', 'observability'] },
);
