/**
 * `POST /v1/events`: the site's analytics, batched by the browser (navigator.sendBeacon, so
 * `text/plain` is taken as JSON: no CORS preflight) and counted per day (analytics/store.ts).
 * Validated by the JSON schema of analytics/events.ts: only the event, route, network, language,
 * theme and surface (site or widget) of each, at most 50 per request; any other field is a 400.
 * Rate-limited per client address in memory (the address is a key there for one window, never
 * written anywhere). 204 when counted; 400 bad input, 413 over 8 KiB, 415 another content type,
 * 429 rate limited, 503 the database is away. An encapsulated plugin: its parsers and rate limit
 * apply to this route only.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, HttpError } from '../plugins/errors';
import { eventsBodySchema, type SiteEvent } from '../analytics/events';
import { countEvents } from '../analytics/store';

export interface EventsOptions {
  /** Requests per client address and window (default 120 per minute). */
  rateLimit?: { max: number; timeWindow: number | string };
}

/** The whole body: 50 events of a few short fields fit in well under this. */
export const MAX_EVENTS_BYTES = 8 * 1024;

const MEDIA_TYPES = ['application/json', 'text/plain'];
const UNSUPPORTED = 'Send the events as application/json or text/plain (a JSON body)';

export const eventsPlugin: FastifyPluginAsync<{ events?: EventsOptions }> = async (app, opts) => {
  await app.register(rateLimit, {
    global: false,
    max: opts.events?.rateLimit?.max ?? 120,
    timeWindow: opts.events?.rateLimit?.timeWindow ?? '1 minute',
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    MEDIA_TYPES,
    { parseAs: 'string', bodyLimit: MAX_EVENTS_BYTES },
    (_req, body, done) => {
      if (body === '') return done(new HttpError(400, 'The body is empty: send {"events": [...]}'));
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The body is not JSON'));
      }
    },
  );
  app.addContentTypeParser('*', (_req, _payload, done) => done(new HttpError(415, UNSUPPORTED)));

  app.post<{ Body: { events: SiteEvent[] } }>(
    '/v1/events',
    {
      config: { rateLimit: {} },
      bodyLimit: MAX_EVENTS_BYTES,
      schema: {
        body: eventsBodySchema,
        response: { 204: { type: 'null' }, '4xx': errorSchema, 503: errorSchema },
      },
      preValidation: async (req) => {
        if (!req.mediaType || !MEDIA_TYPES.includes(req.mediaType))
          throw new HttpError(415, UNSUPPORTED);
      },
    },
    async (req, reply) => {
      await countEvents(app.db, req.body.events);
      return reply.code(204).send();
    },
  );
};
