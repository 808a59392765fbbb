// npm run bench:swap (after `npm start`'s build, or `JMSWAP_DEV_WALLET=1 npm run build`: it
// connects the dev wallet): the swap box's figures in Chromium on the local stack.
//  - time from opening http://localhost:8080/ to an interactive swap box (prices loaded);
//  - time from typing an amount to the estimate shown;
//  - requests sent to the chain nodes per keystroke (warm caches);
//  - liquidity panel: node requests to open it with the dev wallet's positions, and per
//    keystroke in step 2 (ADD LIQUIDITY; the estimate is local math over the pair read once).
// Figures only; nothing here asserts.
import { createRequire } from 'node:module';
import { serveAll, startDevnet, writeRuntimeConfig } from './stack.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { CHROMIUM } = require('@jmswap/mf-config');

const NODE_PORTS = new Set(['8090', '8545', '8546', '8547', '8548', '8549']);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

writeRuntimeConfig();
const devnet = await startDevnet();
const servers = await serveAll();
const browser = await chromium.launch(CHROMIUM);
try {
  for (const network of ['TRON', 'BSC']) {
    const loads = [];
    const estimates = [];
    let nodeRequests = 0;
    let keystrokes = 0;
    for (let run = 0; run < 3; run++) {
      const page = await browser.newPage();
      const started = Date.now();
      await page.goto(`http://localhost:8080/?n=${network}`);
      await page.getByTestId('price-from').filter({ hasText: /\d/ }).waitFor();
      loads.push(Date.now() - started);

      const field = page.getByRole('textbox', { name: 'Tokens to swap' });
      await field.fill('1');
      await page.locator('[data-quote-out]').waitFor();
      await field.fill('');
      page.on('request', (r) => NODE_PORTS.has(new URL(r.url()).port) && nodeRequests++);
      const typed = Date.now();
      await field.pressSequentially('12.5', { delay: 80 });
      keystrokes += 4;
      await page.locator('[data-quote-out]').waitFor();
      estimates.push(Date.now() - typed - 3 * 80);
      await page.close();
    }
    console.log(
      `${network}: swap box interactive after ${median(loads)} ms (median of 3, cold page, warm servers)`,
    );
    console.log(
      `${network}: estimate shown ${median(estimates)} ms after the last keystroke (includes the 250 ms debounce)`,
    );
    console.log(
      `${network}: ${(nodeRequests / keystrokes).toFixed(2)} node requests per keystroke (warm cache)`,
    );
  }
  for (const network of ['TRON', 'BSC']) {
    const page = await browser.newPage();
    let nodeRequests = 0;
    page.on('request', (r) => NODE_PORTS.has(new URL(r.url()).port) && nodeRequests++);
    await page.goto(`http://localhost:8080/?n=${network}&t=addLiquidity`);
    await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
    nodeRequests = 0;
    // The dev wallet is anvil key #0, the deployer that seeded every pool: it has positions.
    await page.getByRole('button', { name: 'Local dev wallet' }).click();
    await page.getByRole('list', { name: 'Your liquidity' }).waitFor();
    console.log(
      `${network}: ${nodeRequests} node requests to connect and show the liquidity positions`,
    );
    await page.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    await page.getByTestId('price-a-in-b').filter({ hasText: /\d/ }).waitFor();
    await page.waitForTimeout(500);
    nodeRequests = 0;
    await page
      .getByRole('textbox', { name: 'Tokens to swap' })
      .pressSequentially('12.5', { delay: 80 });
    await page.locator('[data-lp-tokens]').waitFor();
    console.log(
      `${network}: ${(nodeRequests / 4).toFixed(2)} node requests per keystroke in ADD LIQUIDITY`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  if (devnet) devnet.kill('SIGINT');
}
