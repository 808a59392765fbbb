// The apps of the site: where each lives, its federation name and its local port.
// One table so the servers, the remotes.json writer, the e2e config and the README agree.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

/** @type {Record<string, { dir: string, port: number, federationName?: string, remoteKey?: string }>} */
const APPS = {
  shell: { dir: 'shell', port: 8080 },
  'mfe-swap': { dir: 'mfe-swap', port: 8081, federationName: 'mfe_swap', remoteKey: 'swap' },
  'mfe-liquidity': {
    dir: 'mfe-liquidity',
    port: 8082,
    federationName: 'mfe_liquidity',
    remoteKey: 'liquidity',
  },
  'mfe-charts': {
    dir: 'mfe-charts',
    port: 8083,
    federationName: 'mfe_charts',
    remoteKey: 'charts',
  },
  'mfe-pools': { dir: 'mfe-pools', port: 8084, federationName: 'mfe_pools', remoteKey: 'pools' },
  'mfe-listing': {
    dir: 'mfe-listing',
    port: 8085,
    federationName: 'mfe_listing',
    remoteKey: 'listing',
  },
};

const REMOTE_APPS = Object.keys(APPS).filter((a) => APPS[a].remoteKey);

/**
 * What the site loads from each remote at run time: remote key -> exposed module -> who loads
 * it ("shell" = the site's routes, "widget" = the widget build of the shell, "mfe-*" = another
 * remote). A release that lacks one of these breaks that place, so `remote:use` refuses it.
 * apps.test.js finds every such load in shell/src and in each remote's src/, so this table
 * cannot go stale.
 * @type {Record<string, Record<string, string[]>>}
 */
const REQUIRED_EXPOSES = {
  swap: { SwapPanel: ['shell', 'widget'] },
  liquidity: { LiquidityPanel: ['shell', 'widget'] },
  charts: { ChartsPage: ['shell'], MiniChart: ['mfe-swap'], HistoryPanel: ['mfe-swap'] },
  pools: { PoolsPage: ['shell'] },
  listing: { ListingPage: ['shell'] },
};

/** The remote app ("mfe-pools") of a remote key ("pools"), or undefined. */
const remoteApp = (key) => REMOTE_APPS.find((a) => APPS[a].remoteKey === key);

function appDir(app) {
  const entry = APPS[app];
  if (!entry) throw new Error(`Unknown app "${app}". Known: ${Object.keys(APPS).join(', ')}`);
  return path.join(repoRoot, entry.dir);
}

/**
 * The folder each app's builds write to: `dist`, or `dist-deploy` for the deploy builds of
 * `npm run start:prod` (JMSWAP_DIST_DIR, set by each package's `build:deploy`), so that a deploy
 * build never rewrites the folders a running `npm start` serves.
 */
function distName() {
  const name = process.env.JMSWAP_DIST_DIR || 'dist';
  if (!/^dist(-[a-z0-9]+)?$/.test(name))
    throw new Error(`JMSWAP_DIST_DIR must be dist or dist-<name>, not "${name}"`);
  return name;
}

/** An app's build folder (see distName). */
const distDir = (app) => path.join(appDir(app), distName());

function appVersion(app) {
  return require(path.join(appDir(app), 'package.json')).version;
}

/** Runtime config served at /config/* (written by npm start, devnet and the e2e setup). */
const runConfigDir = process.env.JMSWAP_CONFIG_DIR || path.join(repoRoot, '.run', 'config');

module.exports = {
  APPS,
  REMOTE_APPS,
  REQUIRED_EXPOSES,
  remoteApp,
  repoRoot,
  appDir,
  appVersion,
  distName,
  distDir,
  runConfigDir,
};
