/**
 * Several nodes per network (issue 24): the runtime networks.json lists a small proxy in front
 * of the BSC anvil as the FIRST node and the anvil itself second. The proxy answers 429, then
 * 500, then hangs: the swap box keeps quoting from the second node and a swap goes through.
 * With both nodes failing the "Network unreachable" banner shows; it goes by itself once a node
 * answers again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { devAccount, evmBalance, evmRpcUrls, localNetworks } from '../fixtures/chain';
import { networksFile } from '../fixtures/stack';

type Mode = 'pass' | 429 | 500 | 'hang';

/** A JSON-RPC proxy whose behaviour the test sets; it records what it was asked. */
interface NodeProxy {
  url: string;
  mode: Mode;
  /** JSON-RPC methods received, with the mode in force. */
  seen: { mode: Mode; methods: string[] }[];
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

async function startProxy(target: string): Promise<NodeProxy> {
  const proxy = { mode: 'pass' as Mode, seen: [] as NodeProxy['seen'] };
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const calls = [JSON.parse(body.toString('utf8'))].flat() as { method: string }[];
      const mode = proxy.mode;
      proxy.seen.push({ mode, methods: calls.map((c) => c.method) });
      if (mode === 'hang') return; // never answers (until the server closes)
      if (mode === 429) {
        res.writeHead(429, { ...CORS, 'Content-Type': 'application/json', 'Retry-After': '30' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32005, message: 'rate limited' },
          }),
        );
        return;
      }
      if (mode === 500) {
        res.writeHead(500, { ...CORS, 'Content-Type': 'text/html' }).end('<h1>Internal error</h1>');
        return;
      }
      const upstream = request(
        target,
        { method: 'POST', headers: { 'Content-Type': 'application/json' } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...CORS, 'Content-Type': 'application/json' });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502, CORS).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const banner = (page: Page) =>
  swapBox(page).getByText('Network unreachable: prices and balances cannot be read right now.');
const SENDS = ['eth_sendRawTransaction', 'eth_sendTransaction'];

let proxy: NodeProxy;
let originalConfig: string;
const bsc = () => localNetworks().BSC!;

test.beforeAll(async () => {
  originalConfig = readFileSync(networksFile(), 'utf8');
  proxy = await startProxy(bsc().nodeUrl);
  const config = JSON.parse(originalConfig);
  // The proxy first, the real node second. nodeUrl stays the real node: the test's own
  // fixtures, the injected wallet and the api read that one.
  config.networks.BSC.nodeUrls = [proxy.url, config.networks.BSC.nodeUrl];
  writeFileSync(networksFile(), JSON.stringify(config, null, 2) + '\n');
});

test.afterAll(async () => {
  writeFileSync(networksFile(), originalConfig);
  await proxy?.close();
});

async function quote(page: Page, amount: string, timeout = 10_000): Promise<bigint> {
  await sellField(page).fill(amount);
  const box = swapBox(page);
  await expect(box).toHaveAttribute('data-quote-in', /^\d+$/, { timeout });
  await expect
    .poll(async () => BigInt((await box.getAttribute('data-quote-in')) ?? '0'), { timeout })
    .toBe(BigInt(Math.round(Number(amount) * 1e6)) * 10n ** 12n);
  return BigInt((await box.getAttribute('data-quote-out')) as string);
}

const seenIn = (mode: Mode) => proxy.seen.filter((s) => s.mode === mode).length;

test('BSC: the first node answers 429, then 500, then hangs; the box keeps quoting on the second node and a swap goes through', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = devAccount(5);
  const net = bsc();
  await injectEvmWallet(page, { account: owner, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // 429: rate limited.
  proxy.mode = 429;
  await page.goto('/?n=BSC');
  expect(await quote(page, '0.5')).toBeGreaterThan(0n);
  expect(seenIn(429)).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();

  // 500 (an html error page), on a fresh page (the first node's quarantine is per page).
  proxy.mode = 500;
  await page.reload();
  expect(await quote(page, '0.4')).toBeGreaterThan(0n);
  expect(seenIn(500)).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();

  // Hangs: the first read waits out the timeout, then the second node answers; the first node
  // is then passed over, so the next estimates come at once.
  proxy.mode = 'hang';
  await page.reload();
  await quote(page, '0.3', 30_000);
  expect(seenIn('hang')).toBeGreaterThan(0);
  const hungBefore = seenIn('hang');
  await connectFromHeader(page, 'MetaMask');
  const amountOut = await quote(page, '0.25');
  // The quarantined (hanging) node gets nothing more: the box quotes without waiting on it.
  expect(seenIn('hang')).toBe(hungBefore);
  await expect(banner(page)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('first-node-hangs.png'), fullPage: true });

  // The swap: gas estimate and receipt through the second node, sent once by the wallet.
  const before = await evmBalance('BSC', 'USDT', owner);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  expect((await evmBalance('BSC', 'USDT', owner)) - before).toBe(amountOut);
  const sent = await page.evaluate(() =>
    (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent(),
  );
  expect(sent.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  // Nothing was ever sent through the failing node.
  expect(proxy.seen.flatMap((s) => s.methods).filter((m) => SENDS.includes(m))).toEqual([]);
  expect(errors).toEqual([]);
});

test('BSC: with every node failing the banner shows, and it clears by itself when a node answers again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const real = new URL(bsc().nodeUrl).host;
  proxy.mode = 500;
  // The second node (the anvil itself) is cut off from the page: connection refused.
  const cut = (url: URL) => url.host === real;
  await page.route(cut, (route) => route.abort('connectionrefused'));

  await page.goto('/?n=BSC');
  await expect(swapBox(page)).toBeVisible();
  await sellField(page).fill('0.5');
  await expect(banner(page)).toBeVisible({ timeout: 30_000 });
  // No stale numbers: no estimate is shown while no node answers.
  await expect(page.getByRole('textbox', { name: 'Estimate' })).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('every-node-down.png'), fullPage: true });

  // The second node comes back (the first still fails): the box's next refresh finds it.
  await page.unroute(cut);
  await expect(banner(page)).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Estimate' })).not.toHaveValue('', {
    timeout: 15_000,
  });
  await page.screenshot({ path: test.info().outputPath('node-back.png'), fullPage: true });
});
