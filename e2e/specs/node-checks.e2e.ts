/**
 * Which chain, how fresh: every node is asked its chain and head before its answers are used.
 *
 * - BSC's node list names Polygon's node first (an operator's typo): the page reads BSC from the
 *   second node (the quote and the BNB balance are BSC's), says in the console which node is on
 *   which chain, and reports it to the operators (the api's client reports). With only the
 *   Polygon node listed the banner says the network is unreachable; the right list, reloaded,
 *   brings the page back.
 * - TRON's list names a node of another TRON chain first (a Nile devnode: its genesis block's id
 *   says so): the same, on TRON.
 * - A node that stopped following BSC (an anvil forked from it, 20 blocks behind, with other
 *   reserves) is passed over: a read sent beside its first check is never used, and none follows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { startAnvil, startDevnode, type AnvilInstance } from '@jmswap/devnet';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { buyWithBase, devAccount, evmBalance, evmRpcUrls, localNetworks } from '../fixtures/chain';
import { methodsOf, startNodeProxy, type NodeProxy } from '../fixtures/node-proxy';
import { networksFile } from '../fixtures/stack';
import { tronBalance, TRON_NODE, withTronLink } from '../fixtures/tron';

const NILE_CHAIN_ID = 3448148188;
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const banner = (page: Page) =>
  swapBox(page).getByText('Network unreachable: prices and balances cannot be read right now.');

let originalConfig: string;
let nile: Awaited<ReturnType<typeof startDevnode>> | undefined;
let lagging: AnvilInstance | undefined;
let laggingProxy: NodeProxy | undefined;
let bscProxy: NodeProxy | undefined;

test.beforeAll(() => {
  originalConfig = readFileSync(networksFile(), 'utf8');
});

test.afterEach(() => writeFileSync(networksFile(), originalConfig));

test.afterAll(async () => {
  writeFileSync(networksFile(), originalConfig);
  await nile?.stop();
  await laggingProxy?.close();
  await bscProxy?.close();
  await lagging?.stop();
});

/** networks.json with `nodeUrls` of one network replaced (nodeUrl, which the fixtures read, kept). */
function listNodes(id: string, nodeUrls: string[], more: Record<string, unknown> = {}): void {
  const config = JSON.parse(originalConfig);
  config.networks[id] = { ...config.networks[id], ...more, nodeUrls };
  writeFileSync(networksFile(), JSON.stringify(config, null, 2) + '\n');
}

/** A dev account buys along `path` (symbols) with 5 BNB on the node at `url`, and it mines it. */
async function tradeOn(url: string, path: string[]): Promise<void> {
  const buyer = devAccount(9);
  const value = '0x' + (5n * 10n ** 18n).toString(16);
  const hash = await rpc<string>(url, 'eth_sendTransaction', [
    { from: buyer, ...buyWithBase('BSC', path, buyer), value },
  ]);
  await rpc(url, 'evm_mine', []);
  const receipt = await rpc<{ status: string }>(url, 'eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
}

/** The page's console lines and the reports it sent the api (with the api's answer). */
function watch(page: Page) {
  const lines: string[] = [];
  const reports: { kind?: string; cause?: string; status?: number }[] = [];
  const errors: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfinished', async (req: Request) => {
    if (!req.url().endsWith('/v1/client-report') || req.method() !== 'POST') return;
    const status = (await req.response())?.status();
    reports.push({ ...(JSON.parse(req.postData() ?? '{}') as object), status });
  });
  return { lines, reports, errors };
}

/** The box's quote for `amount` of the sell token (its base units out). */
async function quoteOut(page: Page, amount: string): Promise<bigint> {
  await sellField(page).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /^\d+$/, { timeout: 30_000 });
  return BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
}

/** The header's base-coin balance, as a number of whole coins. */
async function headerBalance(page: Page): Promise<number> {
  const text = await page.locator('header .jm-balance').first().textContent({ timeout: 30_000 });
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

test('BSC: a Polygon node first in the list is set aside; quotes and the BNB balance come from BSC; the node is named in the console and in a report', async ({
  page,
  evmAccount: owner,
}) => {
  test.setTimeout(180_000);
  const nets = localNetworks();
  const bsc = nets.BSC!;
  const poly = nets.POLY!;
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  const seen = watch(page);

  // What BSC quotes, with BSC's own node alone.
  await page.goto('/?n=BSC');
  const onBsc = await quoteOut(page, '0.5');

  listNodes('BSC', [poly.nodeUrl, bsc.nodeUrl]);
  await page.reload();
  expect(await quoteOut(page, '0.5')).toBe(onBsc);
  await connectFromHeader(page, 'MetaMask');
  const bnb = Number((await evmBalance('BSC', 'BNB', owner)) / 10n ** 14n) / 1e4;
  await expect.poll(() => headerBalance(page)).toBeCloseTo(bnb, 2);
  await expect(banner(page)).toBeHidden();
  const named = `BSC: node ${poly.nodeUrl} is on chain ${poly.chainId}, not ${bsc.chainId}`;
  expect(seen.lines.filter((l) => l.includes(named))).toHaveLength(1);
  await expect
    .poll(() => seen.reports.find((r) => r.kind === 'node' && r.cause?.includes(named)))
    .toMatchObject({ status: 204 });
  await page.screenshot({ path: test.info().outputPath('wrong-chain-first.png'), fullPage: true });

  // No node of BSC's chain left: the banner says the network is unreachable.
  listNodes('BSC', [poly.nodeUrl]);
  await page.reload();
  await expect(swapBox(page)).toBeVisible();
  await sellField(page).fill('0.5');
  await expect(banner(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Estimate' })).toHaveValue('');
  await page.screenshot({
    path: test.info().outputPath('no-node-of-the-chain.png'),
    fullPage: true,
  });

  // The operator fixes the list: a reload brings the page back.
  writeFileSync(networksFile(), originalConfig);
  await page.reload();
  expect(await quoteOut(page, '0.5')).toBe(onBsc);
  await expect(banner(page)).toBeHidden();
  expect(seen.errors).toEqual([]);
});

test('TRON: a node of another TRON chain (Nile) first in the list is set aside; quotes and the TRX balance come from the right chain', async ({
  page,
  tronAccount,
}) => {
  test.setTimeout(180_000);
  nile ??= await startDevnode({ anvilPort: 9595, port: 0, chainId: NILE_CHAIN_ID });
  const tron = localNetworks().TRON!;
  await withTronLink(page, tronAccount);
  const seen = watch(page);

  await page.goto('/?n=TRON');
  const onTron = await quoteOut(page, '100');

  listNodes('TRON', [nile.url, TRON_NODE]);
  await page.reload();
  expect(await quoteOut(page, '100')).toBe(onTron);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'TronLink' })
    .click();
  const trx = Number((await tronBalance('TRX', tronAccount.address)) / 10_000n) / 100;
  await expect.poll(() => headerBalance(page)).toBeCloseTo(trx, 1);
  await expect(banner(page)).toBeHidden();
  const named = `TRON: node ${nile.url} is on chain ${NILE_CHAIN_ID}, not ${tron.chainId}`;
  expect(seen.lines.filter((l) => l.includes(named))).toHaveLength(1);
  await expect
    .poll(() => seen.reports.find((r) => r.kind === 'node' && r.cause?.includes(named)))
    .toMatchObject({ status: 204 });
  await page.screenshot({ path: test.info().outputPath('tron-wrong-chain.png'), fullPage: true });
  expect(seen.errors).toEqual([]);
});

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

test('BSC: a node 20 blocks behind the others (it stopped following the chain) is passed over; the box quotes from the node that is not', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const bsc = localNetworks().BSC!;
  const seen = watch(page);
  await page.goto('/?n=BSC');
  const onBsc = await quoteOut(page, '0.5');

  // A node that stopped at today's head: an anvil forked from BSC's, then BSC makes 20 blocks.
  const head = Number(BigInt(await rpc<string>(bsc.nodeUrl, 'eth_blockNumber')));
  lagging = await startAnvil({
    port: 9596,
    chainId: bsc.chainId,
    args: ['--fork-url', bsc.nodeUrl, '--fork-block-number', String(head), '--no-mining'],
  });
  // It holds other reserves than BSC: a trade on it alone, mined there. A quote that used one
  // of its answers would show it.
  const path = (await swapBox(page).getByTestId('path').textContent())!.split(' → ');
  await tradeOn(lagging.url, path);
  laggingProxy = await startNodeProxy(lagging.url);
  await rpc(bsc.nodeUrl, 'anvil_mine', ['0x15']);
  // How far behind it is now, read from both nodes: BSC only moves on from here.
  const blockOf = async (url: string) => Number(BigInt(await rpc<string>(url, 'eth_blockNumber')));
  const behind = (await blockOf(bsc.nodeUrl)) - (await blockOf(lagging.url));
  expect(behind).toBeGreaterThanOrEqual(20);

  // The local chains mine a block a second, so the default allowance (30 s of blocks) is 30
  // blocks: this node list allows 10, as an operator may write.
  bscProxy = await startNodeProxy(bsc.nodeUrl);
  listNodes('BSC', [laggingProxy.url, bscProxy.url], { maxNodeLagBlocks: 10 });
  await page.reload();
  expect(await quoteOut(page, '0.5')).toBe(onBsc);
  await expect(banner(page)).toBeHidden();
  // A first read may go out beside its chain and head check, never used; once the check said
  // how far behind it is, nothing more goes to it.
  const readsSince = (proxy: NodeProxy, from: number) =>
    proxy.seen
      .slice(from)
      .flatMap(methodsOf)
      .filter((m) => m === 'eth_call');
  const [laggingAsked, bscAsked] = [laggingProxy.seen.length, bscProxy.seen.length];
  await sellField(page).fill('0.7');
  await expect(swapBox(page)).not.toHaveAttribute('data-quote-out', String(onBsc));
  await expect
    .poll(() => readsSince(bscProxy!, bscAsked).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(readsSince(laggingProxy, laggingAsked)).toEqual([]);
  // As far as the nodes said before the reload, less at most one: the page allows for the
  // blocks made between its sightings of the two heads (by the clock, rounded down); by block
  // time often more (BSC's head is newer by the clock than the blocks say).
  const said = seen.lines.find((l) => l.includes(`BSC: node ${laggingProxy!.url} is `));
  expect(Number(/is (\d+) blocks behind/.exec(said ?? '')?.[1])).toBeGreaterThanOrEqual(behind - 1);
  await expect
    .poll(() =>
      seen.reports.find(
        (r) => r.kind === 'node' && r.cause?.includes(`node ${laggingProxy!.url} is more than`),
      ),
    )
    .toMatchObject({ status: 204 });
  expect(seen.errors).toEqual([]);
});
