// Static server for one app: the shell (with SPA fallback and the widget under /widget) or a
// remote (its dist/ folder, so every released version stays reachable at /<version>/).
// Every response carries CORS headers: the shell fetches remotes' mf-manifest.json cross-origin.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const sirv = require('sirv');
const { APPS, appDir, repoRoot, runConfigDir } = require('./apps');
const { defaultRemotesFile } = require('./remotes-file');

const PRODUCTION_NETWORKS = path.join(repoRoot, 'shared-chain/config/networks.production.json');
const DEFAULT_WIDGET_CONFIG = { allowedHosts: ['http://localhost:8088', 'http://127.0.0.1:8088'] };

function cors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', '*');
}

/** /config/<file>: the runtime config, never cached, with built-in defaults when absent. */
function serveConfig(req, res, configDir) {
  const name = path.basename(new URL(req.url, 'http://x').pathname);
  const file = path.join(configDir, name);
  let body;
  if (fs.existsSync(file)) body = fs.readFileSync(file);
  else if (name === 'networks.json') body = fs.readFileSync(PRODUCTION_NETWORKS);
  else if (name === 'remotes.json') body = JSON.stringify(defaultRemotesFile(), null, 2);
  else if (name === 'widget.json') body = JSON.stringify(DEFAULT_WIDGET_CONFIG, null, 2);
  if (body === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(body);
}

function sendFile(res, file, cacheControl) {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl });
  fs.createReadStream(file).pipe(res);
}

/** Content-hashed files are immutable for a year; html, manifests and remoteEntry.js revalidate. */
function cacheControl(res, pathname) {
  const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(pathname);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const staticOptions = {
  dev: true, // re-read the folder on each request: new version folders appear without a restart
  gzip: true, // the .gz and .br files the build wrote beside each asset, with Vary: Accept-Encoding
  brotli: true,
  setHeaders: cacheControl,
};

function createAppHandler(app, { configDir = runConfigDir } = {}) {
  const dist = path.join(appDir(app), 'dist');
  const isShell = app === 'shell';
  const assets = sirv(path.join(repoRoot, 'shared-chain/assets'), { dev: true });
  const statics = sirv(isShell ? path.join(dist, 'app') : dist, staticOptions);
  const widget = sirv(path.join(dist, 'widget'), staticOptions);

  return (req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const { pathname } = new URL(req.url, 'http://x');
    if (pathname.startsWith('/config/')) return serveConfig(req, res, configDir);
    if (pathname.startsWith('/assets/currency/')) {
      req.url = req.url.replace(/^\/assets/, '');
      return assets(req, res, () => notFound(res));
    }
    if (isShell && (pathname === '/widget' || pathname.startsWith('/widget/'))) {
      req.url = req.url.replace(/^\/widget/, '') || '/';
      return widget(req, res, () =>
        sendFile(res, path.join(dist, 'widget/index.html'), 'no-cache'),
      );
    }
    return statics(req, res, () =>
      isShell ? sendFile(res, path.join(dist, 'app/index.html'), 'no-cache') : notFound(res),
    );
  };
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
}

/** Starts the server; resolves with { url, close() }. */
function serveApp(app, { port = APPS[app].port, host = '127.0.0.1', configDir } = {}) {
  const server = http.createServer(createAppHandler(app, { configDir }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://localhost:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
        server,
      }),
    );
  });
}

module.exports = { serveApp, createAppHandler };
