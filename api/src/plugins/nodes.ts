import fp from 'fastify-plugin';
import { ChainCheck } from '../chain/chainCheck';
import { insertReports } from '../reports/store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per network (with a chain id in networks.json): which chain each node serves, shared by
     * the indexer's node pool, /ready's and the head subscription, so each node is asked once.
     */
    chainChecks: Map<string, ChainCheck>;
  }
}

/** The networks' chain checks; a node of another chain is also an operator report. */
export const nodesPlugin = fp(
  async (app) => {
    const logger = app.log.child({ component: 'nodes' });
    const checks = new Map<string, ChainCheck>();
    for (const n of app.networks) {
      if (n.chainId === undefined) continue;
      checks.set(
        n.id,
        new ChainCheck({
          network: n.id,
          platform: n.platform,
          expected: n.chainId,
          logger,
          metrics: app.metrics,
          report: (cause) =>
            insertReports(app.db, [
              { kind: 'node', remote: null, version: null, cause, page: null, release: null },
            ]),
        }),
      );
    }
    app.decorate('chainChecks', checks);
  },
  { name: 'nodes', dependencies: ['db', 'observability'] },
);
