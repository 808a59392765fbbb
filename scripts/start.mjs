// npm start: the whole site on the embedded local stack.
// Builds the apps it serves (the task runner's cache restores those whose sources did not change)
// while the local chains (devnet) and the api start, serves the shell on :8080 and each remote on its own port,
// prints the urls and the time to ready, and stops everything on Ctrl-C.
// `--no-build` skips the build; `--fresh` deploys and seeds the chains again even when the
// chains saved by an earlier start match; `--profile large` (or JMSWAP_PROFILE=large) seeds BSC
// and TRON with 1 000 tokens and some 1 400 pools (minutes the first time, then saved).
import { compile } from '../devnet/scripts/compile.mjs';
import {
  buildApps,
  serveAll,
  serveWidgetDemo,
  startApi,
  startDevnet,
  writeRuntimeConfig,
  pinRemotes,
} from './stack.mjs';
import { takenPorts } from './ports.mjs';

const startedAt = Date.now();
const skipBuild = process.argv.includes('--no-build');
const fresh = process.argv.includes('--fresh');
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

// Before anything starts or builds: every port the stack listens on must be free.
const taken = await takenPorts();
if (taken.length > 0) {
  console.error(
    `[start] cannot start: ${taken.length === 1 ? 'a port' : 'ports'} the stack needs ${taken.length === 1 ? 'is' : 'are'} taken.`,
  );
  for (const { message } of taken) console.error(message);
  console.error('[start] nothing was started.');
  process.exit(1);
}
writeRuntimeConfig();

let devnet;
let api;
async function stop(code = 0) {
  if (api && api.child.exitCode === null) api.child.kill('SIGTERM');
  if (devnet && devnet.exitCode === null) devnet.kill('SIGINT');
  process.exit(code);
}

// The contracts first: the build and the devnet both read devnet/artifacts.
compile({ quiet: true });

// The build and the chains + api do not depend on each other: side by side.
const build = skipBuild
  ? Promise.resolve()
  : buildApps().then(() => console.log(`[start] build done in ${seconds(startedAt)} s`));

async function startChainsAndApi() {
  try {
    devnet = await startDevnet({ fresh });
  } catch (error) {
    console.error(
      `[start] the local chains did not start: ${error.message}. Serving the site on the production config.`,
    );
    return;
  }
  // The api indexes the chains' seeded history before the site says it is ready.
  const started = Date.now();
  try {
    // Problems only: a JSON line per request would bury the terminal (LOG_LEVEL=info shows them).
    // The chains start again from their saved seed, so what the api indexed after it (or from
    // an earlier seed) is no longer on them: it indexes them again, keeping listing requests.
    api = await startApi({
      env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
      args: ['--reindex-all'],
    });
    console.log(`[start] api ready on ${api.url} in ${seconds(started)} s`);
  } catch (error) {
    console.error(
      `[start] the api did not start: ${error.message}. Charts and pool figures stay empty.`,
    );
  }
}

const [built] = await Promise.allSettled([build, startChainsAndApi()]);
if (built.status === 'rejected') {
  console.error(`[start] ${built.reason.message}; nothing is served.`);
  await stop(1);
}
pinRemotes();

let servers;
try {
  servers = [...(await serveAll()), await serveWidgetDemo()];
} catch (error) {
  // Taken between the check and now (another program raced us): say which, stop the rest.
  console.error(`[start] could not serve the apps: ${error.message}`);
  await stop(1);
}
console.log('\nJMSwap is running:');
for (const { app, url } of servers)
  console.log(`  ${app.padEnd(14)} ${url}${app === 'shell' ? '/' : ''}`);
if (api) console.log(`  ${'api'.padEnd(14)} ${api.url}/v1/info`);
console.log(`\nReady in ${seconds(startedAt)} s. Press Ctrl-C to stop.`);

async function shutdown() {
  await Promise.all(servers.map((s) => s.close()));
  await stop(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
