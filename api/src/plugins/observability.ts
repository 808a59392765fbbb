import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { Metrics } from '../metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id: the caller's `X-Request-Id` when it is a plain token (a proxy's id, so its
 * lines and ours match), else a new UUID. Sent back as `X-Request-Id`, logged as `reqId`.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Probes polled every few seconds: counted, logged at debug only. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * One log line per answered request and the request metrics. The line names the route's
 * pattern, never the url: paths carry wallet addresses and query strings anything the client
 * typed. Fields: reqId, route, method, statusCode, responseTime (ms); level info, warn for 503
 * (the database away, the api closing), error for other 5xx.
 */
export const observabilityPlugin = fp<{ metrics?: Metrics; countRequests?: boolean }>(
  async (app, opts) => {
    if (!opts.metrics) throw new Error('observability: no metrics registry');
    app.decorate('metrics', opts.metrics);
    const count = opts.countRequests !== false;
    const { httpRequests, httpDuration } = opts.metrics;
    app.addHook('onRequest', async (req, reply) => {
      void reply.header('x-request-id', req.id);
    });
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? '(unmatched)';
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      if (count) {
        httpRequests.inc({ route, method: req.method, status: String(status) });
        httpDuration.observe({ route, method: req.method }, ms / 1000);
      }
      const line = {
        route,
        method: req.method,
        statusCode: status,
        responseTime: Math.round(ms * 100) / 100,
      };
      if (status === 503) req.log[PROBES.has(route) ? 'debug' : 'warn'](line, 'request completed');
      else if (status >= 500) req.log.error(line, 'request failed');
      else if (PROBES.has(route)) req.log.debug(line, 'request completed');
      else req.log.info(line, 'request completed');
    });
  },
  { name: 'observability' },
);
