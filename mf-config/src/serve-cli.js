#!/usr/bin/env node
// jmswap-serve --app <shell|mfe-swap|...> [--port N] [--source-maps] [--trust-proxy]
//   --source-maps  serve the builds' .map files (off: production keeps its sources to itself)
//   --trust-proxy  believe X-Forwarded-Proto from the proxy in front (sends HSTS behind https)
//   --metrics-port N  Prometheus metrics at http://127.0.0.1:N/metrics (never on the public port)
//   --no-csp  html pages without the Content-Security-Policy (frame-ancestors only), for debugging
//   --dist DIR  serve DIR (a deployed copy of the app's dist/ folder) instead of <app>/dist
// Access lines go to stdout as JSON (pino); LOG_LEVEL=warn keeps only problems.
const pino = require('pino');
const { serveApp } = require('./server');

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const app = opt('app');
if (!app) {
  console.error(
    'usage: jmswap-serve --app <shell|mfe-swap|mfe-liquidity|mfe-charts|mfe-pools|mfe-listing> [--port N] [--source-maps] [--trust-proxy] [--metrics-port N] [--no-csp]',
  );
  process.exit(2);
}
const port = opt('port') ? Number(opt('port')) : undefined;
const sourceMaps = args.includes('--source-maps');
const trustProxy = args.includes('--trust-proxy');
const csp = !args.includes('--no-csp');
const metricsPort = opt('metrics-port') ? Number(opt('metrics-port')) : undefined;
const logger = pino({ level: process.env.LOG_LEVEL || 'info', base: { app } });
serveApp(app, {
  port,
  sourceMaps,
  trustProxy,
  csp,
  logger,
  metricsPort,
  dist: opt('dist'),
}).then(
  ({ url }) => logger.info({ url, metricsPort }, `${app} serving on ${url}`),
  (error) => {
    logger.fatal({ err: error }, `${app} could not start: ${error.message}`);
    process.exit(1);
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
