// One folder of built files, served by sirv with what sirv leaves to its caller: no dotfiles,
// no source maps unless asked for, and `Range` answered here (see range.js) so that sirv
// never reads one.
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream');
const sirv = require('sirv');
const { readRange } = require('./range');

const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html;charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

/**
 * Paths never served: dotfiles (`.env`, `.git/`, ...) anywhere in the path, except
 * `.well-known`, and source maps unless the operator serves them on purpose.
 */
function isHidden(pathname, { sourceMaps }) {
  const segments = pathname.split('/');
  if (segments.some((s) => s.startsWith('.') && s !== '.well-known')) return true;
  return !sourceMaps && /\.map(\.(gz|br))?$/.test(pathname);
}

function decodedPath(req) {
  const { pathname } = new URL(req.url, 'http://x');
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** The file a path names exactly, inside `root` (no index.html or extension guessing). */
function exactFile(root, pathname) {
  const file = path.join(root, pathname);
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    const stats = fs.statSync(file);
    return stats.isFile() ? { file, stats } : undefined;
  } catch {
    return undefined;
  }
}

/** 206 with the identity bytes of one range, or 416; compressed variants are not ranged. */
function sendRange(req, res, { file, stats }, range, setHeaders, pathname) {
  if (range === 'malformed' || range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${stats.size}`, 'Content-Length': 0 }).end();
    return;
  }
  setHeaders(res, pathname, stats);
  res.writeHead(206, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Range': `bytes ${range.start}-${range.end}/${stats.size}`,
    'Content-Length': range.end - range.start + 1,
    'Accept-Ranges': 'bytes',
    'Last-Modified': stats.mtime.toUTCString(),
  });
  pipeline(fs.createReadStream(file, { start: range.start, end: range.end }), res, () => {});
}

/**
 * sirv for `root` (options as sirv's, plus `sourceMaps`). A request with a Range header on a
 * file gets its range answered here; on anything else the header is dropped and sirv answers
 * 200, which RFC 9110 allows.
 */
function staticFolder(root, { sourceMaps = false, ...options } = {}) {
  root = path.resolve(root);
  const serve = sirv(root, options);
  const setHeaders = options.setHeaders ?? (() => {});
  return (req, res, next) => {
    const pathname = decodedPath(req);
    if (pathname === undefined || isHidden(pathname, { sourceMaps })) return next();
    const header = req.headers.range;
    if (header !== undefined) {
      delete req.headers.range;
      const found = req.method === 'GET' ? exactFile(root, pathname) : undefined;
      // If-Range names the version the client holds; another version gets the whole file.
      const current = found && ifRangeMatches(req, found.stats);
      const range = current ? readRange(header, found.stats.size) : 'whole';
      if (range !== 'whole') return sendRange(req, res, found, range, setHeaders, pathname);
    }
    return serve(req, res, next);
  };
}

function ifRangeMatches(req, stats) {
  const validator = req.headers['if-range'];
  return validator === undefined || validator === stats.mtime.toUTCString();
}

module.exports = { staticFolder, isHidden };
