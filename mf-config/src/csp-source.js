// The Content-Security-Policy jmswap-serve sends, kept current without a restart: remotes.json,
// networks.json and site.json (the runtime config folder) and each html page's inline scripts are read
// again whenever their file changes (size, mtime), so `npm run remote:use`, a new networks file
// or a rebuilt page apply to the next page load. The policy itself is csp.js's buildCsp.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const {
  buildCsp,
  inlineScripts,
  inlineStyles,
  reportUriFor,
  reportingEndpoints,
  reportingApiFor,
} = require('./csp');
const { defaultRemotesFile } = require('./remotes-file');

/** What tells a file's versions apart; undefined when it is not a file. */
function fileKey(file) {
  try {
    const stats = fs.statSync(file);
    return stats.isFile()
      ? `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `read(file)` memoised per file until the file changes. A read that throws (a file caught
 * half-written, bad JSON) keeps the last good value and is tried again on the next call.
 */
function perFile(read, onError) {
  const cache = new Map();
  return (file, key = fileKey(file)) => {
    const hit = cache.get(file);
    if (hit && hit.key === key) return hit.value;
    try {
      const value = read(file);
      cache.set(file, { key, value });
      return value;
    } catch (error) {
      onError(file, error);
      return hit?.value;
    }
  };
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The html a browser may get for `file`: the file and the .gz/.br twins the build wrote. */
function pageVariants(file) {
  const variants = [];
  for (const [suffix, decode] of [
    ['', (b) => b],
    ['.gz', zlib.gunzipSync],
    ['.br', zlib.brotliDecompressSync],
  ]) {
    const bytes = (() => {
      try {
        return fs.readFileSync(file + suffix);
      } catch {
        return undefined;
      }
    })();
    if (bytes) variants.push(decode(bytes).toString('utf8'));
  }
  return variants;
}

/**
 * Inline scripts and styles of every variant of a page (a stale twin must not lose its hashes
 * either).
 */
function readPageScripts(file) {
  const hashes = [];
  const styleHashes = [];
  for (const html of pageVariants(file)) {
    for (const h of inlineScripts(html).hashes) if (!hashes.includes(h)) hashes.push(h);
    for (const h of inlineStyles(html)) if (!styleHashes.includes(h)) styleHashes.push(h);
  }
  return { hashes, styleHashes };
}

/**
 * The html file sirv answers `pathname` with inside `root` (its lookup: the path itself, then
 * `<path>.html`, `<path>/index.html`, ...), or undefined when that is not an html file.
 */
function htmlPage(root, pathname) {
  let uri;
  try {
    uri = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (uri.endsWith('/')) uri = uri.slice(0, -1);
  root = path.resolve(root);
  for (const ext of ['', '.html', '.htm']) {
    for (const name of [uri ? uri + ext : undefined, `${uri}/index${ext}`]) {
      if (name === undefined) continue;
      const file = path.join(root, name);
      if (!file.startsWith(root + path.sep) || fileKey(file) === undefined) continue;
      return /\.html?$/i.test(file) ? file : undefined;
    }
  }
  return undefined;
}

/**
 * The CSP of one server. `configDir`: the runtime config (remotes.json, networks.json);
 * `productionNetworks`: served (and used here) when the folder has no networks.json (its
 * `walletConnect.relayUrl` is the mobile wallet's relay); `warn(message)`: a config file that
 * cannot be read.
 */
function createCspSource({ configDir, productionNetworks, warn }) {
  const complain = (file, error) =>
    (warn ?? console.warn)(`CSP: ${file} not read (${error.message}); the last good copy is used`);
  const json = perFile(readJson, complain);
  const pageScripts = perFile(readPageScripts, complain);

  const networks = () => {
    const file = path.join(configDir, 'networks.json');
    const key = fileKey(file);
    return key === undefined ? json(productionNetworks) : json(file, key);
  };
  const siteFile = () => {
    const file = path.join(configDir, 'site.json');
    const key = fileKey(file);
    return key === undefined ? {} : json(file, key);
  };
  const remotesFile = () => {
    const file = path.join(configDir, 'remotes.json');
    const key = fileKey(file);
    return key === undefined ? defaultRemotesFile() : json(file, key);
  };

  return {
    /**
     * The headers of an html response: `page` the html file it sends (its inline scripts are
     * allowed by hash; none when undefined), `frameAncestors` who may frame it, `widget` the
     * widget page, `https` whether it goes out over https. The CSP and, on https when
     * violations have somewhere to go, Reporting-Endpoints.
     */
    headers({ page, frameAncestors = [], widget = false, https = false } = {}) {
      const nets = networks();
      const scripts = page ? pageScripts(page, pageKey(page)) : { hashes: [], styleHashes: [] };
      const reportUri = reportUriFor(nets);
      const reportTo = reportingApiFor(reportUri, https);
      const headers = {
        'Content-Security-Policy': buildCsp({
          remotesFile: remotesFile(),
          networks: nets,
          inlineScriptHashes: scripts?.hashes ?? [],
          inlineStyleHashes: scripts?.styleHashes ?? [],
          reportUri,
          reportTo,
          frameAncestors,
          widget,
          site: siteFile(),
        }),
      };
      if (reportTo) headers['Reporting-Endpoints'] = reportingEndpoints(reportUri);
      return headers;
    },
  };
}

/** A page changes when it or a compressed twin changes. */
const pageKey = (file) => ['', '.gz', '.br'].map((s) => fileKey(file + s) ?? '-').join('|');

module.exports = { createCspSource, htmlPage, fileKey };
