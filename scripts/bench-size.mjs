// npm run bench:size: builds the site, then prints
//  - the build time of the whole site and of one remote (swap) alone;
//  - the gzip bytes of JavaScript Chromium loads for the index route, by app.
// Figures only; nothing here asserts.
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { root, serveAll, writeRuntimeConfig } from './stack.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { APPS, CHROMIUM } = require('@jmswap/mf-config');

const time = (cmd) => {
  const started = Date.now();
  execSync(cmd, { cwd: root, stdio: 'ignore' });
  return (Date.now() - started) / 1000;
};

const site = time('npx lerna run build --ignore @jmswap/devnet --concurrency 2');
const swapAlone = time('npm run build -w @jmswap/mfe-swap');
writeRuntimeConfig();
const servers = await serveAll();
const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage();
const byApp = {};
page.on('response', async (res) => {
  if (!res.url().endsWith('.js')) return;
  const port = Number(new URL(res.url()).port);
  const app = Object.keys(APPS).find((a) => APPS[a].port === port) ?? 'other';
  const body = await res.body().catch(() => Buffer.alloc(0));
  byApp[app] ??= { files: 0, raw: 0, gzip: 0 };
  byApp[app].files += 1;
  byApp[app].raw += body.length;
  byApp[app].gzip += gzipSync(body, { level: 9 }).length;
});
const started = Date.now();
await page.goto('http://localhost:8080/');
await page.locator('[data-remote="swap"]').waitFor();
const interactive = Date.now() - started;
await page.waitForTimeout(500);
await browser.close();
await Promise.all(servers.map((s) => s.close()));

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `build, whole site (shell + widget + 5 remotes + shared-chain type-check): ${site.toFixed(1)} s`,
);
console.log(`build, swap remote alone: ${swapAlone.toFixed(1)} s`);
console.log(`index route: swap box visible after ${interactive} ms (warm local servers)`);
let total = 0;
for (const [app, s] of Object.entries(byApp)) {
  total += s.gzip;
  console.log(
    `  ${app.padEnd(10)} ${String(s.files).padStart(2)} JS files  ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(10)} gzip`,
  );
}
console.log(`JavaScript loaded for the index route: ${kb(total)} gzip`);
