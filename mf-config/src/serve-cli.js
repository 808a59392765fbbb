#!/usr/bin/env node
// jmswap-serve --app <shell|mfe-swap|...> [--port N] [--source-maps] [--trust-proxy]
//   --source-maps  serve the builds' .map files (off: production keeps its sources to itself)
//   --trust-proxy  believe X-Forwarded-Proto from the proxy in front (sends HSTS behind https)
const { serveApp } = require('./server');

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const app = opt('app');
if (!app) {
  console.error(
    'usage: jmswap-serve --app <shell|mfe-swap|mfe-liquidity|mfe-charts|mfe-pools|mfe-listing> [--port N] [--source-maps] [--trust-proxy]',
  );
  process.exit(2);
}
const port = opt('port') ? Number(opt('port')) : undefined;
const sourceMaps = args.includes('--source-maps');
const trustProxy = args.includes('--trust-proxy');
serveApp(app, { port, sourceMaps, trustProxy }).then(({ url }) =>
  console.log(`${app} serving on ${url}`),
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
