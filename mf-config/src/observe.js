// What an operator sees of one app server: a JSON access line per request (pino, the format of
// the API's fastify logs) and Prometheus metrics on a loopback-only listener of its own.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const client = require('prom-client');

const NOT_FOUND = Symbol('jmswap.notFound');

/** Marks a response as "no such file or page" (the shell answers those 200 with its 404 page). */
function markNotFound(res) {
  res[NOT_FOUND] = true;
}

const byteLength = (chunk, encoding) =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length;

/**
 * Counters for one app and a per-request hook. `logger` is a pino logger (or undefined for no
 * access log: the local stack keeps its terminal quiet). Query strings are not logged: links
 * may carry token addresses and amounts, which the access log does not need.
 */
function createObserver(app, { logger } = {}) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ app });
  client.collectDefaultMetrics({ register: registry, prefix: 'jmswap_static_' });
  const requests = new client.Counter({
    name: 'jmswap_static_requests_total',
    help: 'Requests answered, by HTTP status',
    labelNames: ['status'],
    registers: [registry],
  });
  const bytes = new client.Counter({
    name: 'jmswap_static_response_bytes_total',
    help: 'Response body bytes sent (as compressed on the wire)',
    registers: [registry],
  });
  const notFound = new client.Counter({
    name: 'jmswap_static_not_found_total',
    help: "Requests for a file or page that does not exist (the shell's 404 page included)",
    registers: [registry],
  });

  function observe(req, res) {
    const started = process.hrtime.bigint();
    const reqId = randomUUID();
    res.setHeader('X-Request-Id', reqId);
    let sent = 0;
    const { write, end } = res;
    res.write = function (chunk, encoding, ...rest) {
      if (chunk) sent += byteLength(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    };
    res.end = function (chunk, encoding, ...rest) {
      if (chunk && typeof chunk !== 'function') sent += byteLength(chunk, encoding);
      return end.call(this, chunk, encoding, ...rest);
    };
    res.once('close', () => {
      const status = res.statusCode;
      requests.inc({ status: String(status) });
      bytes.inc(sent);
      if (res[NOT_FOUND] || status === 404) notFound.inc();
      if (!logger) return;
      const line = {
        reqId,
        method: req.method,
        url: req.url.split('?')[0],
        statusCode: status,
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        bytes: sent,
      };
      if (!res.writableFinished) logger.warn({ ...line, aborted: true }, 'request aborted');
      else if (status >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request completed');
    });
  }

  return { registry, observe };
}

/** GET /metrics on 127.0.0.1:`port` only: never on the public listener. */
function serveMetrics(registry, port) {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || new URL(req.url, 'http://x').pathname !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': registry.contentType }).end(await registry.metrics());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

module.exports = { createObserver, serveMetrics, markNotFound };
