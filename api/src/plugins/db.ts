import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import type { IndexedNetwork } from '../config';
import type { AppOptions } from '../app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    networks: IndexedNetwork[];
  }
}

/** The database and the network list, shared by every plugin registered after this one. */
export const dbPlugin = fp<AppOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('networks', opts.networks);
  },
  { name: 'db' },
);
