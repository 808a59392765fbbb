import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { Indexer, type IndexerOptions } from '../indexer/indexer';
import { sourceFor } from '../indexer/sources';

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

/** One indexer per network, started when the server is ready and stopped on close. */
export const indexerPlugin = fp<{ indexer?: IndexerPluginOptions | false }>(
  async (app, opts) => {
    const settings = opts.indexer;
    const logger = app.log.child({ component: 'indexer' });
    const candleChanges = new EventEmitter();
    app.decorate('candleChanges', candleChanges);
    const indexers = settings
      ? app.networks.map((network) => {
          const { nodeTimeoutMs, nodeQuarantineMs, ...rest } = settings;
          const source = sourceFor(network, {
            timeoutMs: nodeTimeoutMs,
            quarantineMs: nodeQuarantineMs,
            logger: app.log.child({ component: 'nodes' }),
            metrics: app.metrics,
          });
          return new Indexer({
            db: app.db,
            network,
            source,
            logger,
            metrics: app.metrics,
            onCandles: (pairs) => candleChanges.emit('candles', network.id, pairs),
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
