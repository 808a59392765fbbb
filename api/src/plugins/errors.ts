import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import { unavailableReason } from '../db/db';

/** Seconds a client is told to wait when the database is away (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** The one error body: { error, message, statusCode }. */
export function errorBody(statusCode: number, message: string) {
  return { error: STATUS_CODES[statusCode] ?? 'Error', message, statusCode };
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Every failure, unknown route and validation error answers in the stable error shape. */
export const errorsPlugin = fp(
  async (app) => {
    // The schemas' number coercion turns "Infinity" and "1e309" into Infinity, which passes an
    // integer check: no route gets a non-finite number.
    app.addHook('preHandler', async (req) => {
      for (const [where, values] of [
        ['params', req.params],
        ['querystring', req.query],
      ] as const) {
        for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>))
          if (typeof value === 'number' && !Number.isFinite(value))
            throw new HttpError(400, `${where}/${key} must be a finite number`);
      }
    });
    app.setNotFoundHandler((req, reply) => {
      void reply.code(404).send(errorBody(404, `Route ${req.method}:${req.url} not found`));
    });
    // One warn line per 10 s while the database is away, not one per request.
    let lastOutageLog = 0;
    app.setErrorHandler(
      (error: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
        const outage = unavailableReason(error);
        if (outage) {
          if (Date.now() - lastOutageLog > 10_000) {
            lastOutageLog = Date.now();
            req.log.warn({ reason: outage }, 'database unavailable: answering 503');
          }
          void reply
            .code(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .header('cache-control', 'no-store')
            .send(errorBody(503, 'The database is unavailable; try again in a few seconds'));
          return;
        }
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) req.log.error({ err: error }, 'request error');
        const message = status >= 500 ? 'Internal error, try again later' : error.message;
        void reply.code(status).send(errorBody(status, message));
      },
    );
  },
  { name: 'errors' },
);

export const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
  },
} as const;
