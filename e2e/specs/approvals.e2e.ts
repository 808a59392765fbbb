import type { Page } from '@playwright/test';
import { TronWeb } from 'tronweb';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { connectFromHeader, expectWalletBack } from '../fixtures/connect';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, ledger } from '../fixtures/landed';
import { setResources, withTronLink } from '../fixtures/tron';
import { TRON_PORTS } from '../fixtures/stack';
import { closeSendPopup } from '../fixtures/send-popup';
import { openRecentTransactions } from '../fixtures/recent';

/**
 * Approvals: an allowance given by a swap is listed in the wallet menu's "Approvals"
 * and revoked there (the chain then says 0); a USDT-style token (the devnet deploys ETH's USDT
 * and TRON's TWJ as one: approve refuses non-zero -> non-zero) gets approve(0) before the new
 * approval, found by simulation, and a plain token does not. Approvals are counted on chain (the
 * token's Approval events from the owner). One browser session per network.
 */
const MAX = 2n ** 256n - 1n;
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const TRON_ANVIL = `http://127.0.0.1:${TRON_PORTS.anvil}`;

async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
/** An EVM view of a TRON address (the devnode runs on anvil with the same 20 bytes). */
const evmOf = (address: string) =>
  address.startsWith('0x') ? address : `0x${TronWeb.address.toHex(address).slice(2)}`;

/**
 * Sends approve(spender, value) from `owner` straight to the node (the test's account is
 * impersonated on the EVM anvils; the TRON anvil impersonates every account).
 */
async function approveOnChain(
  url: string,
  token: string,
  owner: string,
  spender: string,
  value: bigint,
) {
  const data = `0x095ea7b3${word(evmOf(spender))}${word(value.toString(16))}`;
  const hash = await rpc<string>(url, 'eth_sendTransaction', [
    // The TRON anvil runs at gas price 0 (the devnode's TRX lives in its balances).
    {
      from: evmOf(owner),
      to: evmOf(token),
      data,
      ...(url === TRON_ANVIL ? { gasPrice: '0x0' } : {}),
    },
  ]);
  await expect
    .poll(
      async () =>
        (await rpc<{ status: string } | null>(url, 'eth_getTransactionReceipt', [hash]))?.status,
    )
    .toBe('0x1');
}

/** The values of every Approval `owner` gave `spender` on `token` from block `from` on, in order. */
async function approvalsSince(
  url: string,
  token: string,
  owner: string,
  spender: string,
  from: string,
): Promise<bigint[]> {
  const logs = await rpc<{ data: string }[]>(url, 'eth_getLogs', [
    {
      address: evmOf(token),
      fromBlock: from,
      toBlock: 'latest',
      topics: [APPROVAL_TOPIC, `0x${word(evmOf(owner))}`, `0x${word(evmOf(spender))}`],
    },
  ]);
  return logs.map((l) => BigInt(l.data));
}

/** The next block's number: where the app's transactions start. */
const nextBlock = async (url: string) =>
  `0x${(BigInt(await rpc<string>(url, 'eth_blockNumber')) + 1n).toString(16)}`;

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const approvalsPanel = (page: Page) => page.getByTestId('approvals');
const approvalRow = (page: Page, token: string) =>
  approvalsPanel(page).locator(`[data-testid="approval"][data-token="${token}"]`);

/**
 * Swaps 1 of `from` for `to` and checks on chain what left and arrived, in `txs` transactions
 * (the approvals and the swap), and the swap router's allowance afterwards.
 */
async function swapOne(
  page: Page,
  trade: { network: string; owner: string; from: string; to: string; txs: number },
) {
  const { network, owner, from, to, txs } = trade;
  const before = await ledger(network, owner, [from, to]);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  const router = localNetworks()[network]!.exchange.ROUTER_ADDRESS;
  await expectLanded(before, {
    txs,
    debit: { [from]: amountIn },
    credit: { [to]: amountOut },
    allowance: [{ token: from, spender: router, amount: MAX }],
  });
  await closeSendPopup(page);
}

async function openApprovals(page: Page) {
  const toggle = page.locator('header').getByRole('button', { name: 'Approvals' });
  await toggle.filter({ visible: true }).first().click();
  await expect(approvalsPanel(page)).toBeVisible();
  await expect(approvalsPanel(page).getByRole('status')).toHaveCount(0);
}

/** Revoke from the list: the preview first, then approve(spender, 0); the row goes. */
async function revoke(
  page: Page,
  token: string,
  symbol: string,
  baseSymbol: string,
  spender = 'Swap router',
) {
  const row = approvalRow(page, token);
  await row.getByRole('button', { name: 'Revoke' }).click();
  const preview = row.getByTestId('revoke-preview');
  await expect(preview).toContainText(`Token${symbol}`);
  await expect(preview).toContainText(`Spender${spender}`);
  await expect(preview).toContainText('New allowance0');
  await expect(preview).toContainText(new RegExp(`Estimated network fee[\\d.]+ ${baseSymbol}`));
  await preview.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(row).toHaveCount(0, { timeout: 30000 });
}

test('ETH: a USDT-style token with a small allowance gets approve(0) first; the swap allowance is listed as Unlimited and revoked to 0', async ({
  page,
  evmAccount: owner,
}) => {
  const net = localNetworks().ETH!;
  const url = net.nodeUrl;
  const usdt = net.tokens.USDT!.address;
  const router = net.exchange.ROUTER_ADDRESS;
  await approveOnChain(url, usdt, owner, router, 0n);
  await approveOnChain(url, usdt, owner, router, 5n); // non-zero, too small for the swap
  const from = await nextBlock(url);

  await injectEvmWallet(page, { account: owner, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=ETH&from=USDT&to=ETH');
  await connectFromHeader(page, 'MetaMask');
  await swapOne(page, { network: 'ETH', owner, from: 'USDT', to: 'ETH', txs: 3 });
  expect(await approvalsSince(url, usdt, owner, router, from)).toEqual([0n, MAX]);

  await openApprovals(page);
  const row = approvalRow(page, usdt);
  await expect(row).toContainText('USDT');
  await expect(row).toContainText('Unlimited');
  await expect(row).toContainText('Swap router');
  const beforeRevoke = await ledger('ETH', owner, ['ETH', 'USDT']);
  await revoke(page, usdt, 'USDT', 'ETH');
  // One transaction, only its gas spent, the allowance 0 on chain.
  await expectLanded(beforeRevoke, {
    txs: 1,
    allowance: [{ token: 'USDT', spender: router, amount: 0n }],
  });

  // Recent transactions names it
  await openRecentTransactions(page);
  await expect(page.getByTestId('recent-transaction').first()).toContainText('Revoke');
});

test('TRON: TWJ (USDT-style) gets approve(0) first, USDT (plain) does not; both listed, TWJ revoked to 0', async ({
  page,
  tronAccount,
}) => {
  // Six TRON sends (approvals, swaps, the revoke), each confirmed through the app's receipt polling.
  test.setTimeout(120_000);
  const net = localNetworks().TRON!;
  const owner = tronAccount.address;
  const twj = net.tokens.TWJ!.address;
  const usdt = net.tokens.USDT!.address;
  const router = net.exchange.ROUTER_ADDRESS;
  await setResources(owner, 50_000_000);
  for (const token of [twj, usdt]) {
    await approveOnChain(TRON_ANVIL, token, owner, router, 0n);
    await approveOnChain(TRON_ANVIL, token, owner, router, 5n);
  }
  const from = await nextBlock(TRON_ANVIL);

  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON&from=TWJ&to=TRX');
  await connectFromHeader(page, 'TronLink');
  await swapOne(page, { network: 'TRON', owner, from: 'TWJ', to: 'TRX', txs: 3 });
  expect(await approvalsSince(TRON_ANVIL, twj, owner, router, from)).toEqual([0n, MAX]);

  await page.goto('/?n=TRON&from=USDT&to=TRX');
  await expectWalletBack(page, 'TronLink');
  await swapOne(page, { network: 'TRON', owner, from: 'USDT', to: 'TRX', txs: 2 });
  expect(await approvalsSince(TRON_ANVIL, usdt, owner, router, from)).toEqual([MAX]);

  await openApprovals(page);
  await expect(approvalRow(page, twj)).toContainText('Unlimited');
  await expect(approvalRow(page, usdt)).toContainText('Unlimited');
  const beforeRevoke = await ledger('TRON', owner, ['TRX', 'TWJ', 'USDT']);
  await revoke(page, twj, 'TWJ', 'TRX');
  await expectLanded(beforeRevoke, {
    txs: 1,
    allowance: [
      { token: 'TWJ', spender: router, amount: 0n },
      { token: 'USDT', spender: router, amount: MAX },
    ],
  });
  await expect(approvalRow(page, usdt)).toHaveCount(1);
});

/** With MetaMask on `network`: the approvals panel, the token's Unlimited row, its Revoke preview. */
async function previewRevoke(
  page: Page,
  trade: { network: string; chainId: number; owner: string; token: string },
) {
  const { network, chainId, owner, token } = trade;
  await injectEvmWallet(page, { account: owner, chainId, rpcUrls: evmRpcUrls() });
  await page.goto(`/?n=${network}`);
  await connectFromHeader(page, 'MetaMask');
  await openApprovals(page);
  const row = approvalRow(page, token);
  await expect(row).toContainText('Unlimited');
  await row.getByRole('button', { name: 'Revoke' }).click();
  return { row, preview: row.getByTestId('revoke-preview') };
}

test("BSC: a pool's LP tokens approved to the liquidity router (what Remove liquidity approves) are listed by the pair's name and revoked to 0; an allowance above the supply reads Unlimited", async ({
  page,
  evmAccount: owner,
}) => {
  const net = localNetworks().BSC! as unknown as {
    nodeUrl: string;
    chainId: number;
    pools: { symbolA: string; symbolB: string; address: string }[];
    exchange: { ROUTER_ADDRESS: string; LIQUIDITY_ROUTER: string };
  };
  const url = net.nodeUrl;
  const pool = net.pools.find((p) => p.address !== '')!;
  const router = net.exchange.LIQUIDITY_ROUTER;
  // Remove liquidity's approval in the default (maximum) mode, given straight on chain.
  await approveOnChain(url, pool.address, owner, router, MAX);
  // What Permit2-style contracts leave: 2^160-1, far above any supply, though not 2^256-1.
  const usdt = localNetworks().BSC!.tokens.USDT!.address;
  await approveOnChain(url, usdt, owner, net.exchange.ROUTER_ADDRESS, 2n ** 160n - 1n);

  await injectEvmWallet(page, { account: owner, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  await openApprovals(page);
  const name = `${pool.symbolA}/${pool.symbolB} LP`;
  const spender =
    router.toLowerCase() === net.exchange.ROUTER_ADDRESS.toLowerCase()
      ? 'Swap router'
      : 'Liquidity router';
  await expect(approvalRow(page, pool.address)).toContainText(name);
  await expect(approvalRow(page, pool.address)).toContainText('Unlimited');
  await expect(approvalRow(page, usdt)).toContainText('Unlimited');
  const before = await ledger('BSC', owner, ['BNB', pool.address]);
  await revoke(page, pool.address, name, 'BNB', spender);
  await expectLanded(before, {
    txs: 1,
    allowance: [{ token: pool.address, spender: router, amount: 0n }],
  });
});

test("Revoke acts on the row's network: the wallet moved to BSC meanwhile is switched back to ETH, and only ETH's allowance changes", async ({
  page,
  evmAccount: owner,
}) => {
  const nets = localNetworks();
  const eth = nets.ETH!;
  const bsc = nets.BSC!;
  const usdt = eth.tokens.USDT!.address;
  await approveOnChain(eth.nodeUrl, usdt, owner, eth.exchange.ROUTER_ADDRESS, MAX);
  const bscUsdt = bsc.tokens.USDT!.address;
  await approveOnChain(bsc.nodeUrl, bscUsdt, owner, bsc.exchange.ROUTER_ADDRESS, MAX);

  const { row } = await previewRevoke(page, {
    network: 'ETH',
    chainId: eth.chainId,
    owner,
    token: usdt,
  });
  await expect(row.getByTestId('revoke-preview')).toContainText('New allowance0');
  const beforeEth = await ledger('ETH', owner, ['ETH', 'USDT']);
  const beforeBsc = await ledger('BSC', owner, ['BNB', 'USDT']);

  // The user moves the wallet to BSC in the extension while the preview is open.
  await page.evaluate(
    (id) =>
      (window as unknown as { __wallet: { setChain(n: number): void } }).__wallet.setChain(id),
    bsc.chainId,
  );
  const preview = row.getByTestId('revoke-preview');
  // The list and its preview stay ETH's (the network selected); confirming switches the wallet.
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(row).toHaveCount(0, { timeout: 30000 });
  const wallet = await page.evaluate(() => {
    const w = (window as unknown as { __wallet: { sent(): string[]; chainId(): number } }).__wallet;
    return { sent: w.sent(), chainId: w.chainId() };
  });
  expect(wallet.sent).toContain('wallet_switchEthereumChain');
  expect(wallet.chainId).toBe(eth.chainId);
  await expectLanded(beforeEth, {
    txs: 1,
    allowance: [{ token: 'USDT', spender: eth.exchange.ROUTER_ADDRESS, amount: 0n }],
  });
  await expectLanded(beforeBsc, {
    txs: 0,
    allowance: [{ token: 'USDT', spender: bsc.exchange.ROUTER_ADDRESS, amount: MAX }],
  });
});

test('an account with no allowances sees the empty state, and a node that is down says what to do (320 px)', async ({
  page,
  evmAccount: owner,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const net = localNetworks().BTTC!;
  // A fresh account: no allowance anywhere.
  await injectEvmWallet(page, { account: owner, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BTTC');
  await connectFromHeader(page, 'MetaMask');
  await page.getByRole('button', { name: 'Menu' }).click();
  await openApprovals(page);
  await expect(approvalsPanel(page).getByTestId('approval')).toHaveCount(0);
  await expect(
    approvalsPanel(page).getByText('No approvals: the routers cannot spend any of your tokens.', {
      exact: true,
    }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.route(`${net.nodeUrl}/**`, (route) => route.abort());
  await page.route(net.nodeUrl, (route) => route.abort());
  await page.getByRole('button', { name: 'Approvals' }).filter({ visible: true }).first().click();
  await page.getByRole('button', { name: 'Approvals' }).filter({ visible: true }).first().click();
  await expect(approvalsPanel(page).getByRole('alert')).toContainText(
    'Check your connection, then try again.',
    { timeout: 30000 },
  );
  await expect(approvalsPanel(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('BSC: a revoke with no node answering says it was not sent and keeps the list; back online it revokes', async ({
  page,
  evmAccount: owner,
}) => {
  const net = localNetworks().BSC!;
  const usdt = net.tokens.USDT!.address;
  const router = net.exchange.ROUTER_ADDRESS;
  await approveOnChain(net.nodeUrl, usdt, owner, router, MAX);
  const { row, preview } = await previewRevoke(page, {
    network: 'BSC',
    chainId: net.chainId,
    owner,
    token: usdt,
  });
  await expect(preview).toContainText(/Estimated network fee[\d.]+ BNB/);

  // The node stops answering the page and the wallet (the same url) as Confirm is pressed.
  const before = await ledger('BSC', owner, ['BNB']);
  await page.route(`${net.nodeUrl}/**`, (route) => route.abort());
  await page.route(net.nodeUrl, (route) => route.abort());
  await preview.getByRole('button', { name: 'Confirm revoke' }).click();
  // The list read before stays with the preview and its message (it went blank with the read
  // that followed the failure).
  await expect(preview.getByRole('alert')).toContainText('was not sent', { timeout: 30000 });
  await expect(row).toContainText('Unlimited');
  await expect(preview.getByRole('button', { name: 'Confirm revoke' })).toBeEnabled();
  await expectLanded(before, {
    txs: 0,
    allowance: [{ token: usdt, spender: router, amount: MAX }],
  });

  await page.unroute(`${net.nodeUrl}/**`);
  await page.unroute(net.nodeUrl);
  await preview.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(row).toHaveCount(0, { timeout: 30000 });
  await expectLanded(before, { txs: 1, allowance: [{ token: usdt, spender: router, amount: 0n }] });
});
