import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';

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
    app.setNotFoundHandler((req, reply) => {
      void reply.code(404).send(errorBody(404, `Route ${req.method}:${req.url} not found`));
    });
    app.setErrorHandler(
      (error: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) req.log.error(error);
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
