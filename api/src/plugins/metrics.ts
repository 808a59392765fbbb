import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../metrics';

/**
 * `GET /metrics`: the Prometheus text format. Registered on the admin listener only (bound to
 * 127.0.0.1): a scraper on the same host reads it, the public never does.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics }> = async (app, opts) => {
  app.get('/metrics', async (_req, reply) => {
    void reply
      .header('content-type', opts.metrics.registry.contentType)
      .header('cache-control', 'no-store');
    return opts.metrics.text();
  });
};
