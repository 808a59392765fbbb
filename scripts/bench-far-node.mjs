// npm run bench:far-node (after a build): the swap box's usable time on `/` (TRON) and `/?n=BSC`
// with every chain node as far away as a public one (each request held `--ms`, default 150 ms,
// before it goes), beside the same visits with the nodes on this machine. On localhost a round
// trip to a node costs about a millisecond, so the other figures cannot show how many round trips
// stand between a first visit and a usable box: this one can. npm start's build (`dist/`), first
// visits with the cache off, median of `--runs` (default 7), 1x and 4x CPU. Figures only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';
import { measureUsable, median, serveBuild, USABLE_ROUTES } from './usable.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { CHROMIUM } = require('@jmswap/mf-config');

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || fallback) : fallback;
};
const MS = option('--ms', 150);
const RUNS = option('--runs', 7);

writeRuntimeConfig();
const devnet = await startDevnet({ log: () => undefined });
const api = await startApi({ log: () => undefined });
const browser = await chromium.launch(CHROMIUM);
const servers = await serveBuild('start');
try {
  const { networks } = JSON.parse(readFileSync(join(root, '.run/config/networks.json'), 'utf8'));
  const origins = [
    ...new Set(
      Object.values(networks).flatMap((n) =>
        [n.nodeUrl, ...(n.nodeUrls ?? [])].map((u) => new URL(u).origin),
      ),
    ),
  ];
  console.log(`Swap box usable, npm start's build, median of ${RUNS} first visits (cache off):`);
  console.log(`  route      nodes here: 1x / 4x CPU     nodes ${MS} ms away: 1x / 4x CPU`);
  for (const path of ['/', '/?n=BSC']) {
    const [, , selector, text] = USABLE_ROUTES.find(([, p]) => p === path);
    const at = async (cpu, far) => {
      const took = [];
      for (let i = 0; i < RUNS; i++)
        took.push(
          (
            await measureUsable(browser, `http://localhost:8080${path}`, [selector, text], {
              cpu,
              far,
            })
          ).took,
        );
      return `${median(took)} ms`;
    };
    const far = { origins, ms: MS };
    console.log(
      `  ${path.padEnd(9)}  ${(await at(1)).padStart(7)} / ${(await at(4)).padEnd(16)}  ${(await at(1, far)).padStart(7)} / ${await at(4, far)}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.close()));
  await browser.close();
  api.child.kill('SIGTERM');
  if (devnet) devnet.kill('SIGINT');
}
