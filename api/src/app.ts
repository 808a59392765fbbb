import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
} from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { Db } from './db/db';
import type { IndexedNetwork, TrustProxy } from './config';
import { dbPlugin } from './plugins/db';
import { errorBody, errorsPlugin } from './plugins/errors';
import { indexerPlugin, type IndexerPluginOptions } from './plugins/indexer';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { accountRoutes } from './routes/account';
import { infoRoutes } from './routes/info';
import { listingPlugin } from './listing/plugin';
import { adminPlugin, type AdminOptions } from './listing/admin';

export interface AppOptions {
  db: Db;
  networks: IndexedNetwork[];
  /** Run the indexers in this process (default false: the HTTP API alone is stateless). */
  indexer?: IndexerPluginOptions | false;
  /** /ready fails when an indexer is more than this many blocks behind its chain (default 10). */
  readyMaxLag?: number;
  logger?: boolean;
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
  errorsPlugin,
  dbPlugin,
  indexerPlugin,
  healthRoutes,
  historyRoutes,
  accountRoutes,
  infoRoutes,
  listingPlugin,
];

/**
 * The operator routes (/v1/admin/*) live on their own fastify instance, which startApi binds to
 * 127.0.0.1 on its own port: never on the public listener, whatever proxy runs in front of it.
 */
export const ADMIN_PLUGINS: Array<FastifyPluginAsync<AdminOptions>> = [
  errorsPlugin as FastifyPluginAsync<AdminOptions>,
  adminPlugin,
];

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Off: request.ip is the socket's address. A proxy's header counts only when configured.
    trustProxy: opts.trustProxy === true ? ['loopback'] : (opts.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A url the router cannot decode answers in the same error shape as everything else.
    frameworkErrors: (error, _req, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      void (reply as FastifyReply).code(status).send(errorBody(status, error.message));
    },
  });
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'POST', 'OPTIONS'] });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag);
  for (const plugin of PLUGINS) await app.register(plugin as FastifyPluginAsync<AppOptions>, opts);
  return app;
}

export async function buildAdminApp(opts: AdminOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({ logger: opts.logger ?? false });
  for (const plugin of ADMIN_PLUGINS) await app.register(plugin, opts);
  return app;
}
