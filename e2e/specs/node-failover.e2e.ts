/**
 * Several nodes per network: the runtime networks.json lists a small proxy in front
 * of the BSC anvil as the FIRST node and the anvil itself second. The proxy answers 429, then
 * 500, then hangs: the swap box keeps quoting from the second node and a swap goes through.
 * With both nodes failing the "Network unreachable" banner shows; it goes by itself once a node
 * answers again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, ledger } from '../fixtures/landed';
import { methodsOf, startNodeProxy } from '../fixtures/node-proxy';
import { networksFile } from '../fixtures/stack';
import { setResources, TRON_NODE, tronAddress, withTronLink } from '../fixtures/tron';

type Mode = 'pass' | 429 | 500 | 'hang';

/** A node in front of the real one whose behaviour the test sets; it records what it was asked. */
interface NodeProxy {
  url: string;
  mode: Mode;
  /** JSON-RPC methods (a TRON node's path) received, with the mode in force. */
  seen: { mode: Mode; methods: string[] }[];
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<NodeProxy> {
  const proxy = { mode: 'pass' as Mode, seen: [] as NodeProxy['seen'] };
  const node = await startNodeProxy(target, {
    refuse: (req) => {
      const mode = proxy.mode;
      // JSON-RPC calls by method; a TRON node's HTTP API by path (/wallet/broadcasttransaction).
      proxy.seen.push({ mode, methods: methodsOf(req).map((m) => m || req.path) });
      if (mode === 'hang') return 'hang';
      if (mode === 500) return HTML_500;
      return mode === 429 ? RATE_LIMITED : undefined;
    },
  });
  return Object.assign(proxy, { url: node.url, close: node.close });
}

const RATE_LIMITED = {
  status: 429,
  contentType: 'application/json',
  headers: { 'Retry-After': '30' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32005, message: 'rate limited' },
  }),
};
const HTML_500 = { status: 500, contentType: 'text/html', body: '<h1>Internal error</h1>' };

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const banner = (page: Page) =>
  swapBox(page).getByText('Network unreachable: prices and balances cannot be read right now.');
const SENDS = ['eth_sendRawTransaction', 'eth_sendTransaction'];
/** shared-chain's READ_TIMEOUT_MS: a read a node holds longer fails over to the next node. */
const READ_TIMEOUT_MS = 10_000;
/** The swap box reads the reserves again every REFRESH_MS (mfe-swap's useSwapBox). */
const REFRESH_MS = 15_000;

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
  evmAccount: owner,
}) => {
  test.setTimeout(120_000);
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
  // is then passed over, so the next estimates come at once. The page's clock jumps over the
  // timeout once the node holds a read, instead of the test waiting it out (were the jump too
  // early, the clock still runs: the quote comes 10 s later, as without it).
  proxy.mode = 'hang';
  await page.clock.install();
  await page.reload();
  const quoted = quote(page, '0.3', 30_000);
  await expect.poll(() => seenIn('hang')).toBeGreaterThan(0);
  await page.clock.fastForward(READ_TIMEOUT_MS);
  await quoted;
  const hungBefore = seenIn('hang');
  await connectFromHeader(page, 'MetaMask');
  const amountOut = await quote(page, '0.25');
  // The quarantined (hanging) node gets nothing more: the box quotes without waiting on it.
  expect(seenIn('hang')).toBe(hungBefore);
  await expect(banner(page)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('first-node-hangs.png'), fullPage: true });

  // The swap: gas estimate and receipt through the second node, sent once by the wallet.
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  await expectLanded(before, {
    txs: 1,
    debit: { BNB: 250_000_000_000_000_000n },
    credit: { USDT: amountOut },
  });
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

  await page.clock.install();
  await page.goto('/?n=BSC');
  await expect(swapBox(page)).toBeVisible();
  await sellField(page).fill('0.5');
  await expect(banner(page)).toBeVisible({ timeout: 30_000 });
  // No stale numbers: no estimate is shown while no node answers.
  await expect(page.getByRole('textbox', { name: 'Estimate' })).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('every-node-down.png'), fullPage: true });

  // The second node comes back (the first still fails): a later refresh of the box finds it.
  // The page's clock jumps from refresh to refresh (both nodes are in quarantine, and the probe
  // may first go to the failing one).
  await page.unroute(cut);
  await expect(async () => {
    await page.clock.fastForward(REFRESH_MS);
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
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

/**
 * Sells `amount` TRX for JM with the connected wallet and checks on chain that the quoted amounts
 * left and arrived. `txs` is left open for the dev wallet: its account (dev key 0) also mints the
 * other tests' funding.
 */
async function tronSwapThroughSecondNode(
  page: Page,
  owner: string,
  amount: string,
  txs?: number,
): Promise<void> {
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /^\d+$/, { timeout: 30_000 });
  const amountOut = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  const amountIn = BigInt((await swapBox(page).getAttribute('data-quote-in')) as string);
  expect(tronProxy.seen.filter((s) => s.mode === 500).length).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  await expectLanded(before, {
    ...(txs === undefined ? {} : { txs }),
    debit: { TRX: amountIn },
    credit: { JM: amountOut },
  });
}

test('TRON: the first node answers 500; the box quotes on the second and a TronLink swap goes through', async ({
  page,
  tronAccount,
}) => {
  test.setTimeout(120_000);
  tronProxy.mode = 500;
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?n=TRON');
  await connectTron(page, 'TronLink');
  await tronSwapThroughSecondNode(page, owner, '100', 1);
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
  await tronSwapThroughSecondNode(page, tronAddress(0), '10');
  expect(tronBroadcasts(seenBefore)).toEqual([]);
  expect(errors).toEqual([]);
});
