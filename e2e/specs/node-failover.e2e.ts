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
import { setResources, tronAddress, tronBalance, TRON_NODE, withTronLink } from '../fixtures/tron';

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
      // JSON-RPC calls by method; a TRON node's HTTP API by path (/wallet/broadcasttransaction).
      let calls: { method?: string }[] = [];
      try {
        calls = [JSON.parse(body.toString('utf8'))].flat() as { method?: string }[];
      } catch {
        // a GET, or not JSON
      }
      const mode = proxy.mode;
      proxy.seen.push({ mode, methods: calls.map((c) => c.method ?? req.url ?? '') });
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
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { 'Content-Type': 'application/json' } },
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
let tronProxy: NodeProxy;
let originalConfig: string;
const bsc = () => localNetworks().BSC!;

test.beforeAll(async () => {
  originalConfig = readFileSync(networksFile(), 'utf8');
  proxy = await startProxy(bsc().nodeUrl);
  tronProxy = await startProxy(TRON_NODE);
  const config = JSON.parse(originalConfig);
  // The proxy first, the real node second. nodeUrl stays the real node: the test's own
  // fixtures, the injected wallet and the api read that one.
  config.networks.BSC.nodeUrls = [proxy.url, config.networks.BSC.nodeUrl];
  // TRON's nodeUrl too is the failing proxy: what binds to one node (tronweb's fullHost in the
  // dev wallet and the widget) must not take it blindly.
  config.networks.TRON.nodeUrls = [tronProxy.url, config.networks.TRON.nodeUrl];
  config.networks.TRON.nodeUrl = tronProxy.url;
  writeFileSync(networksFile(), JSON.stringify(config, null, 2) + '\n');
});

test.afterAll(async () => {
  writeFileSync(networksFile(), originalConfig);
  await proxy?.close();
  await tronProxy?.close();
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

const tronBroadcasts = (from = 0) =>
  tronProxy.seen
    .slice(from)
    .flatMap((s) => s.methods)
    .filter((m) => m.includes('broadcast'));

async function connectTron(page: Page, wallet: 'TronLink' | 'Local dev wallet') {
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: wallet })
    .click();
  await expect(page.getByTestId('wallet-session')).toBeVisible();
}

async function tronSwapThroughSecondNode(page: Page, amount: string): Promise<bigint> {
  await sellField(page).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /^\d+$/, { timeout: 30_000 });
  const amountOut = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  expect(tronProxy.seen.filter((s) => s.mode === 500).length).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  return amountOut;
}

test('TRON: the first node answers 500; the box quotes on the second and a TronLink swap goes through', async ({
  page,
}) => {
  test.setTimeout(120_000);
  tronProxy.mode = 500;
  const owner = tronAddress(6);
  await setResources(owner, 50_000_000);
  await withTronLink(page, 6);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?n=TRON');
  await connectTron(page, 'TronLink');
  const before = await tronBalance('JM', owner);
  const amountOut = await tronSwapThroughSecondNode(page, '100');
  expect((await tronBalance('JM', owner)) - before).toBe(amountOut);
  expect(tronBroadcasts()).toEqual([]);
  expect(errors).toEqual([]);
});

test("TRON: the dev wallet's tronweb is bound to the node the reads found answering, not the failing first one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  tronProxy.mode = 500;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?n=TRON');
  // The box's reads meet the failing node first, then the dev wallet connects.
  await sellField(page).fill('1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /^\d+$/, { timeout: 30_000 });
  const seenBefore = tronProxy.seen.length;
  await connectTron(page, 'Local dev wallet');
  await tronSwapThroughSecondNode(page, '10');
  expect(tronBroadcasts(seenBefore)).toEqual([]);
  expect(errors).toEqual([]);
});
