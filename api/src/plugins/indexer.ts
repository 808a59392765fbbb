import fp from 'fastify-plugin';
import type { AppOptions } from '../app';
import { Indexer, type IndexerOptions } from '../indexer/indexer';
import { sourceFor } from '../indexer/sources';

/** Confirmations come from each network (config.ts), which /ready reads too. */
export type IndexerPluginOptions = Pick<IndexerOptions, 'maxRange' | 'pollMs' | 'lockRetryMs'>;

declare module 'fastify' {
  interface FastifyInstance {
    indexers: Indexer[];
  }
}

/** One indexer per network, started when the server is ready and stopped on close. */
export const indexerPlugin = fp<AppOptions>(
  async (app, opts) => {
    const settings = opts.indexer;
    const logger = app.log.child({ component: 'indexer' });
    const indexers = settings
      ? app.networks.map(
          (network) =>
            new Indexer({
              db: app.db,
              network,
              source: sourceFor(network),
              logger,
              metrics: app.metrics,
              ...settings,
            }),
        )
      : [];
    app.decorate('indexers', indexers);
    app.addHook('onReady', async () => {
      for (const i of indexers) i.start();
    });
    app.addHook('onClose', async () => {
      await Promise.all(indexers.map((i) => i.stop()));
    });
  },
  { name: 'indexer', dependencies: ['db', 'observability'] },
);
