// Static server for one app: the shell (with SPA fallback and the widget under /widget) or a
// remote (its dist/ folder, so every released version stays reachable at /<version>/).
// Every response carries CORS headers: the shell fetches remotes' mf-manifest.json cross-origin.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream');
const zlib = require('node:zlib');
const { staticFolder } = require('./static-folder');
const { createObserver, serveMetrics, markNotFound } = require('./observe');
const { APPS, distDir, distName, repoRoot, runConfigDir } = require('./apps');
const { defaultRemotesFile } = require('./remotes-file');
const { createCspSource, htmlPage } = require('./csp-source');

const PRODUCTION_NETWORKS = path.join(repoRoot, 'shared-chain/config/networks.production.json');
const DEFAULT_WIDGET_CONFIG = { allowedHosts: ['http://localhost:8088', 'http://127.0.0.1:8088'] };

function cors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', '*');
}

/**
 * The runtime config files the site reads, each with its built-in default. Nothing else of the
 * config folder is served: an operator's editor backup (`remotes.json~`, `networks.json.bak`), a
 * dotfile or any other file there stays private.
 */
const CONFIG_FILES = {
  'networks.json': () => fs.readFileSync(PRODUCTION_NETWORKS),
  'remotes.json': () => JSON.stringify(defaultRemotesFile(), null, 2),
  'widget.json': () => JSON.stringify(DEFAULT_WIDGET_CONFIG, null, 2),
  // The site settings (deck link, analytics): every one at its default.
  'site.json': () => '{}',
};

/** /config/<file>: the runtime config, never cached, with built-in defaults when absent. */
function serveConfig(req, res, configDir) {
  const { pathname } = new URL(req.url, 'http://x');
  const name = pathname.slice('/config/'.length);
  if (!Object.hasOwn(CONFIG_FILES, name)) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  const file = path.join(configDir, name);
  const body = fs.existsSync(file) ? fs.readFileSync(file) : CONFIG_FILES[name]();
  const encoded = encodeForClient(req, body);
  res
    .writeHead(200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoded.encoding && { 'Content-Encoding': encoded.encoding }),
    })
    .end(encoded.body);
}

/**
 * A config answer compressed the way sirv picks the built files' .br and .gz twins (the same
 * Accept-Encoding test): networks.json is about 20 KB of JSON, and every page waits for it before
 * its first render (the html preloads it beside the stylesheet). Compressed per request, since
 * the folder's files change at run time; a few KB take well under a millisecond.
 */
function encodeForClient(req, body) {
  const accepted = req.headers['accept-encoding'] || '';
  if (/(br|brotli)/i.test(accepted))
    return {
      encoding: 'br',
      body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  if (accepted.includes('gzip')) return { encoding: 'gzip', body: zlib.gzipSync(body) };
  return { body };
}

/** Allowed widget hosts from the runtime widget.json (read per request: config changes apply at once). */
function widgetHosts(configDir) {
  const file = path.join(configDir, 'widget.json');
  try {
    const body = fs.existsSync(file)
      ? JSON.parse(fs.readFileSync(file, 'utf8'))
      : DEFAULT_WIDGET_CONFIG;
    const hosts = Array.isArray(body.allowedHosts) ? body.allowedHosts : [];
    return hosts.flatMap((h) => {
      try {
        const { origin, protocol } = new URL(h);
        return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * Against clickjacking: only the widget page may be framed, and only by widget.json's hosts;
 * every other page refuses to be framed. Returns those hosts (the html's full CSP, set when
 * its head is written, names the same frame-ancestors).
 */
function frameHeaders(res, { widgetPage, configDir }) {
  const hosts = widgetPage ? widgetHosts(configDir) : [];
  const ancestors = hosts.length ? hosts.join(' ') : "'none'";
  res.setHeader('Content-Security-Policy', `frame-ancestors ${ancestors}`);
  if (!widgetPage) res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return hosts;
}

// What a browser may render as a document, scripts and styles included: html and xhtml, svg
// (an image opened on its own runs its <script>), xml (xml-stylesheet); with no type at all
// it guesses.
const DOCUMENT_TYPE =
  /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|(text|application)\/xml|[\w.-]+\/[\w.-]+\+xml)\s*(;|$)/i;

/**
 * Calls `fn` just before the response's head is written, when it is a document a browser may
 * render (DOCUMENT_TYPE, or no type): whichever way it is sent (sirv, a fallback page, a range),
 * it gets the full policy.
 */
function beforeDocumentHead(res, fn) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    res.writeHead = writeHead;
    let type = res.getHeader('content-type');
    const headers = rest.find((h) => h && typeof h === 'object' && !Array.isArray(h));
    for (const [name, value] of Object.entries(headers ?? {}))
      if (name.toLowerCase() === 'content-type') type = value;
    if (type === undefined || type === '' || DOCUMENT_TYPE.test(String(type))) fn();
    return writeHead.call(this, status, ...rest);
  };
}

/** Features the site never uses: a script that gets in cannot ask for them either. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'browsing-topics=()',
].join(', ');

/**
 * Headers every response carries. HSTS only when the page really came over https: on the
 * socket itself, or by X-Forwarded-Proto when the operator says a proxy in front sets it
 * (`trustProxy`); a plain-http answer with HSTS would be ignored by browsers anyway, and a
 * forged X-Forwarded-Proto must not switch it on.
 */
function securityHeaders(req, res, { trustProxy }) {
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  if (overHttps(req, trustProxy))
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** Whether the browser got this over https (see securityHeaders). */
function overHttps(req, trustProxy) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim();
  return Boolean(req.socket.encrypted) || (trustProxy && forwarded === 'https');
}

function sendFile(res, file, cacheControl) {
  // Not built yet: say so instead of leaving the request open on a stream error.
  if (!fs.existsSync(file)) {
    res
      .writeHead(503, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' })
      .end('This app is not built yet: run `npm run build` (or `npm start`).');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl });
  pipeline(fs.createReadStream(file), res, () => {});
}

/** Content-hashed files are immutable for a year; html, manifests and remoteEntry.js revalidate. */
function cacheControl(res, pathname) {
  const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(pathname);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * sirv's `dev` mode looks each request up on disk, so a new version folder is served without a
 * restart; dotfiles and source maps, which that mode would serve, are held back by staticFolder.
 */
const staticOptions = (sourceMaps) => ({
  dev: true,
  gzip: true, // the .gz and .br files the build wrote beside each asset, with Vary: Accept-Encoding
  brotli: true,
  setHeaders: cacheControl,
  sourceMaps,
});

/**
 * The request handler of one app. `sourceMaps` serves the builds' .map files (the local stack
 * does; production does not unless the operator asks); `trustProxy` believes X-Forwarded-Proto.
 * `csp: false` leaves html pages with frame-ancestors only (debugging).
 */
function createAppHandler(
  app,
  {
    configDir = runConfigDir,
    dist = distDir(app),
    sourceMaps = false,
    trustProxy = false,
    csp = true,
    observer = createObserver(app),
    logger,
  } = {},
) {
  const cspSource = csp
    ? createCspSource({
        configDir,
        productionNetworks: PRODUCTION_NETWORKS,
        warn: (message) => (logger ? logger.warn(message) : console.warn(`[${app}] ${message}`)),
      })
    : undefined;
  const handle = appRoutes(app, { configDir, dist, sourceMaps, cspSource, trustProxy });
  return (req, res) => {
    // One bad request costs its own response, never the server (and every user of it).
    try {
      observer.observe(req, res);
      securityHeaders(req, res, { trustProxy });
      handle(req, res);
    } catch (error) {
      if (logger) logger.error({ err: error, method: req.method, url: req.url }, 'request threw');
      else console.error(`[${app}] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('error');
      else res.destroy();
    }
  };
}

function appRoutes(app, { configDir, dist, sourceMaps, cspSource, trustProxy }) {
  const isShell = app === 'shell';
  const assets = staticFolder(path.join(repoRoot, 'shared-chain/assets'), { dev: true });
  const staticsRoot = isShell ? path.join(dist, 'app') : dist;
  const statics = staticFolder(staticsRoot, staticOptions(sourceMaps));
  const widget = staticFolder(path.join(dist, 'widget'), staticOptions(sourceMaps));
  const sdk = staticFolder(path.join(repoRoot, 'widget-sdk', distName()), {
    dev: true,
    sourceMaps,
  });
  const sdkPrefix = `/widget/sdk/${sdkVersion()}/`;

  return (req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const { pathname } = new URL(req.url, 'http://x');
    const widgetPage = isShell && (pathname === '/widget' || pathname.startsWith('/widget/'));
    const frameAncestors = frameHeaders(res, { widgetPage, configDir });
    // The html file this request is answered with, whose inline scripts the CSP allows.
    let page;
    if (cspSource)
      beforeDocumentHead(res, () => {
        const https = overHttps(req, trustProxy);
        const headers = cspSource.headers({ page, frameAncestors, widget: widgetPage, https });
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      });
    if (pathname.startsWith('/config/')) return serveConfig(req, res, configDir);
    if (isShell && pathname.startsWith(sdkPrefix)) {
      // The partners' host SDK (widget-sdk/dist), at a versioned url.
      req.url = req.url.slice(sdkPrefix.length - 1);
      return sdk(req, res, () => notFound(res));
    }
    if (pathname.startsWith('/assets/currency/')) {
      req.url = req.url.replace(/^\/assets/, '');
      return assets(req, res, () => notFound(res));
    }
    if (widgetPage) {
      req.url = req.url.replace(/^\/widget/, '') || '/';
      page = htmlPage(path.join(dist, 'widget'), new URL(req.url, 'http://x').pathname);
      return widget(req, res, () => {
        page = path.join(dist, 'widget/index.html');
        sendFile(res, page, 'no-cache');
      });
    }
    // The shell's routes are prerendered html files (/charts is charts.html); any other path
    // gets the app with its "does not exist" page already drawn.
    page = htmlPage(staticsRoot, pathname);
    return statics(req, res, () => {
      if (!isShell) return notFound(res);
      markNotFound(res);
      page = shellFallback(dist);
      sendFile(res, page, 'no-cache');
    });
  };
}

function shellFallback(dist) {
  const notFoundPage = path.join(dist, 'app/404.html');
  return fs.existsSync(notFoundPage) ? notFoundPage : path.join(dist, 'app/index.html');
}

function sdkVersion() {
  try {
    return require(path.join(repoRoot, 'widget-sdk/package.json')).version;
  } catch {
    return '0.0.0';
  }
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
}

/**
 * Starts the server; resolves with { url, close(), server, metrics }. `logger` (pino) writes a
 * JSON access line per request; `metricsPort` serves Prometheus metrics on 127.0.0.1 only.
 */
async function serveApp(
  app,
  {
    port = APPS[app].port,
    host = '127.0.0.1',
    configDir,
    dist,
    sourceMaps,
    trustProxy,
    csp,
    logger,
    metricsPort,
  } = {},
) {
  const observer = createObserver(app, { logger });
  const handler = createAppHandler(app, {
    configDir,
    dist,
    sourceMaps,
    trustProxy,
    csp,
    observer,
    logger,
  });
  const server = http.createServer(handler);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const metrics =
    metricsPort === undefined
      ? undefined
      : await serveMetrics(observer.registry, metricsPort).catch((error) => {
          server.close();
          throw error;
        });
  // A browser may hold a connection it never sent a request on; close() alone waits for it.
  const closeServer = (s) =>
    new Promise((r) => {
      if (!s) return r();
      s.close(() => r());
      s.closeAllConnections();
    });
  return {
    url: `http://localhost:${server.address().port}`,
    close: () => Promise.all([closeServer(server), closeServer(metrics)]).then(() => undefined),
    server,
    metrics,
  };
}

module.exports = { serveApp, createAppHandler, CONFIG_FILES };
