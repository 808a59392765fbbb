export { buildApp, PLUGINS, type AppOptions } from './app';
export { startApi, type StartOptions } from './main';
export { openDb, openPglite, openPostgres, type Db, type Queryable } from './db/db';
export { migrate } from './db/migrate';
export {
  indexedNetworks,
  readNetworksFile,
  type IndexedNetwork,
  type NetworksFile,
} from './config';
export { Indexer } from './indexer/indexer';
