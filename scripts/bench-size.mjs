// npm run bench:size: what a first visit costs and what a team's deploy costs. Prints
//  - each remote built alone (no task-runner cache): seconds, and its dist/<version>/ size;
//  - the swap box's usable time on `/` and the JavaScript before it, on both builds (npm start's
//    and the deploy build of npm run start:prod), 1x and 4x CPU (scripts/usable.mjs);
//  - per route of npm start's build (local chains up, cache disabled, as a first visit): JavaScript files,
//    raw and gzip-9 bytes, the largest packages inside the loaded chunks (from their source
//    maps), and the time until the route is usable, without and with Chromium's CPU throttled 4x.
// Figures only; nothing here asserts. `--no-build` measures the routes of the current build.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';
import {
  kb,
  measureUsable,
  printUsableOnBothBuilds,
  serveBuild,
  USABLE_ROUTES,
} from './usable.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { APPS, CHROMIUM, REMOTE_APPS } = require('@jmswap/mf-config');

const seconds = (cmd, cwd) => {
  const started = Date.now();
  execSync(cmd, { cwd, stdio: 'ignore' });
  return (Date.now() - started) / 1000;
};
function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  let served = 0; // what a browser can fetch: no source maps, no pre-compressed twins
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = join(dir, String(name));
    const st = statSync(file);
    if (!st.isFile()) continue;
    files += 1;
    bytes += st.size;
    if (!/\.(map|gz|br)$/.test(file)) served += st.size;
  }
  return { files, bytes, served };
}

if (!process.argv.includes('--no-build')) {
  console.log('Each remote built alone (webpack production, no cache):');
  for (const app of REMOTE_APPS) {
    const dir = join(root, APPS[app].dir);
    const version = require(join(dir, 'package.json')).version;
    const took = seconds('npx webpack --mode production', dir);
    const size = folderSize(join(dir, 'dist', version));
    console.log(
      `  ${app.padEnd(14)} ${took.toFixed(1).padStart(5)} s   dist/${version}/: ${size.files} files, ${kb(size.bytes)} (${kb(size.served)} without maps and .gz/.br)`,
    );
  }
  const shell = seconds('npm run build -w @jmswap/shell', root);
  console.log(`  ${'shell+widget'.padEnd(14)} ${shell.toFixed(1).padStart(5)} s`);
}

/** Sizes of the packages inside one chunk, from the sources of its source map. */
async function packagesOf(url, into) {
  const res = await fetch(`${url}.map`).catch(() => undefined);
  if (!res || !res.ok) return;
  const map = await res.json();
  map.sources.forEach((source, i) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    const name = m ? m[1] : source.includes('shared-chain') ? '@jmswap/shared-chain' : 'app code';
    into[name] = (into[name] ?? 0) + (map.sourcesContent?.[i]?.length ?? 0);
  });
}

writeRuntimeConfig();
const devnet = await startDevnet();
// The site as a visitor sees it: /pools and the charts draw the api's figures.
const api = await startApi({ log: () => undefined });
const browser = await chromium.launch(CHROMIUM);
try {
  console.log('');
  await printUsableOnBothBuilds(browser);
  // The routes of npm start's build (dist/), as before.
  const servers = await serveBuild('start');
  console.log("\nPer route, npm start's build (first visit, cache disabled, local servers):");
  for (const [name, path, selector, text] of USABLE_ROUTES) {
    const usable = [selector, text];
    const url = `http://localhost:8080${path}`;
    const fast = await measureUsable(browser, url, usable);
    const slow = await measureUsable(browser, url, usable, { cpu: 4 });
    console.log(
      `  ${name.padEnd(10)} ${String(fast.scripts.length).padStart(3)} JS files ${kb(fast.raw).padStart(11)} raw ${kb(fast.gzip).padStart(10)} gzip   usable ${fast.took} ms after navigation, ${slow.took} ms at 4x CPU throttle`,
    );
    const packages = {};
    for (const s of fast.scripts) await packagesOf(s.url, packages);
    const top = Object.entries(packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`);
    console.log(`             largest inside (unminified source): ${top.join(', ')}`);
  }
  await Promise.all(servers.map((s) => s.close()));
} finally {
  await browser.close();
  api.child.kill('SIGTERM');
  if (devnet) devnet.kill('SIGINT');
}
