// npm start: the whole site on the embedded local stack.
// Builds every package, starts the local chains (devnet), serves the shell on :8080 and each
// remote on its own port, prints the urls, and stops everything on Ctrl-C.
import {
  buildAll,
  serveAll,
  serveWidgetDemo,
  startApi,
  startDevnet,
  writeRuntimeConfig,
} from './stack.mjs';

const startedAt = Date.now();
const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) buildAll();
writeRuntimeConfig();

let devnet;
try {
  devnet = await startDevnet();
} catch (error) {
  console.error(
    `[start] the local chains did not start: ${error.message}. Serving the site on the production config.`,
  );
}

// The api indexes the chains' seeded history before the site says it is ready.
let api;
if (devnet) {
  const started = Date.now();
  try {
    api = await startApi();
    console.log(
      `[start] api ready on ${api.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(
      `[start] the api did not start: ${error.message}. Charts and pool figures stay empty.`,
    );
  }
}

const servers = [...(await serveAll()), await serveWidgetDemo()];
console.log('\nJMSwap is running:');
for (const { app, url } of servers)
  console.log(`  ${app.padEnd(14)} ${url}${app === 'shell' ? '/' : ''}`);
if (api) console.log(`  ${'api'.padEnd(14)} ${api.url}/v1/info`);
console.log(`\nReady in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

async function stop() {
  await Promise.all(servers.map((s) => s.close()));
  if (api && api.child.exitCode === null) api.child.kill('SIGTERM');
  if (devnet && devnet.exitCode === null) devnet.kill('SIGINT');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
