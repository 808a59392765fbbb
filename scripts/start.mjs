// npm start: the whole site on the embedded local stack.
// Builds every package, starts the local chains (devnet), serves the shell on :8080 and each
// remote on its own port, prints the urls, and stops everything on Ctrl-C.
import { buildAll, serveAll, serveWidgetDemo, startDevnet, writeRuntimeConfig } from './stack.mjs';

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

const servers = [...(await serveAll()), await serveWidgetDemo()];
console.log('\nJMSwap is running:');
for (const { app, url } of servers)
  console.log(`  ${app.padEnd(14)} ${url}${app === 'shell' ? '/' : ''}`);
console.log('\nPress Ctrl-C to stop.');

async function stop() {
  await Promise.all(servers.map((s) => s.close()));
  if (devnet && devnet.exitCode === null) devnet.kill('SIGINT');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
