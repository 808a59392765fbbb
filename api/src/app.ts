import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
} from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import { observeDb, type Db } from './db/db';
import type { IndexedNetwork, TrustProxy } from './config';
import type { Logger } from './log';
import { Metrics } from './metrics';
import { dbPlugin } from './plugins/db';
import { errorBody, errorsPlugin } from './plugins/errors';
import { indexerPlugin, type IndexerPluginOptions } from './plugins/indexer';
import { nodesPlugin } from './plugins/nodes';
import { metricsRoutes } from './plugins/metrics';
import { observabilityPlugin, requestId } from './plugins/observability';
import { healthRoutes } from './routes/health';
import { pairsRoutes } from './routes/pairs';
import { historyRoutes } from './routes/history';
import type { AnswerCacheOptions } from './routes/microcache';
import { accountRoutes } from './routes/account';
import { infoRoutes } from './routes/info';
import { listingPlugin, type ListingOptions } from './listing/plugin';
import { clientReportPlugin, type ClientReportOptions } from './routes/clientReport';
import { eventsPlugin, type EventsOptions } from './routes/events';
import { approvalsPlugin, type ApprovalsOptions } from './routes/approvals';
import { adminPlugin, type AdminOptions } from './listing/admin';

export interface AppOptions {
  db: Db;
  networks: IndexedNetwork[];
  /** Run the indexers in this process (default false: the HTTP API alone is stateless). */
  indexer?: IndexerPluginOptions | false;
  /** /ready fails when an indexer is more than this many blocks behind its chain (default 10). */
  readyMaxLag?: number;
  /**
   * The pino logger of the request lines and the indexers (log.ts createLogger); false or
   * omitted: none.
   */
  logger?: Logger | false;
  /** Where the figures go (the admin listener serves them); default a registry of its own. */
  metrics?: Metrics;
  /** The listing route's settings (rate limit; test seam for its chain reads). */
  listing?: ListingOptions;
  /** The client-report route's settings (rate limit). */
  clientReports?: ClientReportOptions;
  /** The analytics route's settings (rate limit). */
  events?: EventsOptions;
  /** The approvals route's settings (rate limit). */
  approvals?: ApprovalsOptions;
  /** The chart answers' cache (its byte cap); default routes/microcache.ts's. */
  answerCache?: AnswerCacheOptions;
  /**
   * Which proxies are believed about the client's address (X-Forwarded-For): `request.ip`, the
   * key of the rate limit and the address stored with a listing request, is then the client the
   * proxy saw. Default false: the socket's address, the header ignored. `true` = a proxy on
   * this host (`loopback`); else the proxies' addresses, see `parseTrustProxy` (API_TRUST_PROXY).
   */
  trustProxy?: boolean | TrustProxy;
}

/**
 * Every plugin of the api, in registration order: one per concern. A new route group adds one
 * line here (its plugin gets app.db and app.networks).
 */
export const PLUGINS: Array<FastifyPluginAsync<AppOptions> | FastifyPluginCallback<AppOptions>> = [
  observabilityPlugin,
  errorsPlugin,
  dbPlugin,
  nodesPlugin,
  indexerPlugin,
  healthRoutes,
  historyRoutes,
  pairsRoutes,
  accountRoutes,
  infoRoutes,
  approvalsPlugin,
  listingPlugin,
  clientReportPlugin,
  eventsPlugin,
];

/** The admin listener's options: the listing routes only with a token (PGlite). */
export type AdminAppOptions = Omit<AdminOptions, 'adminToken' | 'logger'> & {
  adminToken?: string;
  metrics: Metrics;
  logger?: Logger | false;
};

/**
 * The operator listener: its own fastify instance, which startApi binds to 127.0.0.1 on its own
 * port, never on the public listener, whatever proxy runs in front of it. `GET /metrics`
 * (Prometheus) always; the listing routes (/v1/admin/*) when the api has an admin token.
 */
export const ADMIN_PLUGINS: Array<FastifyPluginAsync<AdminAppOptions>> = [
  observabilityPlugin as unknown as FastifyPluginAsync<AdminAppOptions>,
  errorsPlugin as FastifyPluginAsync<AdminAppOptions>,
  metricsRoutes,
  adminPlugin as FastifyPluginAsync<AdminAppOptions>,
];

const loggerOf = (logger: Logger | false | undefined) =>
  logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false };

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const metrics = opts.metrics ?? new Metrics();
  // Every failed database call counts (jmswap_api_db_errors_total), the indexers' too.
  const db = observeDb(opts.db, (kind) => metrics.dbErrors.inc({ kind }));
  metrics.readStateFrom(
    db,
    opts.networks.map((n) => n.id),
  );
  const app = Fastify({
    ...loggerOf(opts.logger),
    // One line per request, written by the observability plugin (route pattern, no url).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // Off: request.ip is the socket's address. A proxy's header counts only when configured.
    trustProxy: opts.trustProxy === true ? ['loopback'] : (opts.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A parameter the route does not know is refused (400), not dropped in silence: a client
    // asking for `skip` or `from` learns that it is not there.
    ajv: { customOptions: { removeAdditional: false } },
    // A url the router cannot decode answers in the same error shape as everything else.
    frameworkErrors: (error, _req, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      void (reply as FastifyReply).code(status).send(errorBody(status, error.message));
    },
  });
  // Date: the charts take "now" from it where a visitor's clock is set hours wrong.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: ['Date'],
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag);
  const pluginOpts: AppOptions = { ...opts, db, metrics };
  for (const plugin of PLUGINS)
    await app.register(plugin as FastifyPluginAsync<AppOptions>, pluginOpts);
  return app;
}

export async function buildAdminApp(opts: AdminAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...loggerOf(opts.logger),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
  });
  // Operator requests are logged, not counted with the public ones.
  const pluginOpts = { ...opts, countRequests: false };
  for (const plugin of ADMIN_PLUGINS) await app.register(plugin, pluginOpts);
  return app;
}
