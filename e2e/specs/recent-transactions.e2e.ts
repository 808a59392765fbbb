import { expect, test, type Page } from '@playwright/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { connectFromHeader } from '../fixtures/connect';
import { devAccount, evmBalance, evmRpcUrls, gasCost, localNetworks } from '../fixtures/chain';
import { setResources, tronAddress, tronBalance, withTronLink } from '../fixtures/tron';

/**
 * Recent transactions (issue 23): the wallet menu lists what this site sent, a reload keeps a
 * pending swap pending (and the swap button blocked), and a stuck EVM swap is sped up or
 * cancelled with the same nonce. The e2e anvils automine: these tests turn it off around the
 * stuck transaction (and always back on), and move the page's clock past the network's stuck
 * time (BSC: 60 s) instead of waiting for it.
 */
const NETWORK = 'BSC';
const OWNER = devAccount(6);

async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const net = localNetworks()[NETWORK]!;
  const res = await fetch(net.nodeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const walletHashes = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
  );
const recentList = (page: Page) => page.getByTestId('recent-transactions');
const row = (page: Page, hash: string) =>
  recentList(page).locator(`[data-testid="recent-transaction"][data-hash="${hash}"]`);

async function open(page: Page) {
  await injectEvmWallet(page, {
    account: OWNER,
    chainId: localNetworks()[NETWORK]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto(`/?n=${NETWORK}`);
  await connectFromHeader(page, 'MetaMask');
}

async function openRecent(page: Page) {
  const toggle = page.locator('header').getByRole('button', { name: 'Recent transactions' });
  await toggle.filter({ visible: true }).first().click();
  await expect(recentList(page)).toBeVisible();
}

/** Sends a swap of base coin for the default token with automining off; resolves with its hash. */
async function stuckSwap(page: Page): Promise<{ hash: string; toSymbol: string }> {
  const to = await swapBox(page)
    .getByRole('button', { name: /^Receive token: / })
    .textContent();
  const toSymbol = (to ?? '').trim().replace(/⇄$/, '').trim();
  await sellField(page).fill('0.05');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const before = (await walletHashes(page)).length;
  await rpc('evm_setAutomine', [false]);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(before + 1);
  const hash = (await walletHashes(page))[before] as string;
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();
  return { hash, toSymbol };
}

test.afterEach(async () => {
  await rpc('evm_setAutomine', [true]).catch(() => undefined);
});

test('BSC: a reload keeps a pending swap pending; once stuck it is sped up (same nonce, higher gas), the original shows as replaced', async ({
  page,
}) => {
  await page.clock.install();
  await open(page);
  const base = localNetworks()[NETWORK]!.tokens;
  const baseSymbol = Object.keys(base).find((s) => base[s]!.isBase) as string;
  const { hash, toSymbol } = await stuckSwap(page);
  const tokenBefore = await evmBalance(NETWORK, toSymbol, OWNER);

  // A reload while the swap is pending: it is still pending, and the swap button is blocked.
  await page.reload();
  await connectFromHeader(page, 'MetaMask');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeDisabled();
  await openRecent(page);
  await expect(row(page, hash)).toHaveAttribute('data-status', 'pending');
  await expect(row(page, hash)).toContainText('Swap');
  await expect(row(page, hash)).toContainText('Pending');
  await expect(row(page, hash).getByRole('link', { name: 'View on explorer' })).toHaveAttribute(
    'href',
    `${localNetworks()[NETWORK]!.scan}${hash}`,
  );
  await expect(row(page, hash).getByRole('button', { name: 'Speed up' })).toBeHidden();

  // Past BSC's stuck time: "Speed up" and "Cancel" are offered.
  await page.clock.fastForward(65_000);
  await row(page, hash).getByRole('button', { name: 'Speed up' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(1);
  const [replacement] = await walletHashes(page);
  expect(replacement).not.toBe(hash);
  const [a, b] = await Promise.all([
    rpc<{ nonce: string; gasPrice: string; input: string }>('eth_getTransactionByHash', [hash]),
    rpc<{ nonce: string; gasPrice: string; input: string }>('eth_getTransactionByHash', [
      replacement,
    ]),
  ]);
  // anvil keeps only one of them in its pool; if the original is still known, compare fees
  expect(b.nonce).toBeDefined();
  if (a) {
    expect(b.nonce).toBe(a.nonce);
    expect(BigInt(b.gasPrice) * 10n).toBeGreaterThanOrEqual(BigInt(a.gasPrice) * 11n);
    expect(b.input).toBe(a.input);
  }

  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  const receipt = await rpc<{ status: string }>('eth_getTransactionReceipt', [replacement]);
  expect(receipt.status).toBe('0x1');
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();
  expect(await evmBalance(NETWORK, toSymbol, OWNER)).toBeGreaterThan(tokenBefore);
  expect(baseSymbol).toBeTruthy();

  await expect(row(page, hash)).toHaveAttribute('data-status', 'replaced', { timeout: 15_000 });
  await expect(row(page, hash)).toContainText('Replaced');
  await expect(row(page, replacement as string)).toHaveAttribute('data-status', 'confirmed');
  // the account's one pending send is released: the swap button is usable again
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeHidden();
});

test('BSC: a stuck swap is cancelled by a zero-value transaction to self with the same nonce; nothing is swapped', async ({
  page,
}) => {
  await page.clock.install();
  await open(page);
  const base = localNetworks()[NETWORK]!.tokens;
  const baseSymbol = Object.keys(base).find((s) => base[s]!.isBase) as string;
  const { hash, toSymbol } = await stuckSwap(page);
  const tokenBefore = await evmBalance(NETWORK, toSymbol, OWNER);
  const coinBefore = await evmBalance(NETWORK, baseSymbol, OWNER);
  await openRecent(page);
  await expect(row(page, hash)).toHaveAttribute('data-status', 'pending');
  await page.clock.fastForward(65_000);
  const count = (await walletHashes(page)).length;
  await row(page, hash).getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(count + 1);
  const cancel = (await walletHashes(page))[count] as string;
  const sent = await rpc<{ to: string; value: string; input: string; nonce: string }>(
    'eth_getTransactionByHash',
    [cancel],
  );
  expect(sent.to.toLowerCase()).toBe(OWNER.toLowerCase());
  expect(BigInt(sent.value)).toBe(0n);
  expect(sent.input).toBe('0x');

  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  expect((await rpc<{ status: string }>('eth_getTransactionReceipt', [cancel])).status).toBe('0x1');
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();
  // nothing was swapped: the token is unchanged and the coin paid only the cancel's gas
  expect(await evmBalance(NETWORK, toSymbol, OWNER)).toBe(tokenBefore);
  expect(coinBefore - (await evmBalance(NETWORK, baseSymbol, OWNER))).toBe(
    await gasCost(NETWORK, cancel),
  );

  await expect(row(page, hash)).toHaveAttribute('data-status', 'replaced', { timeout: 15_000 });
  await expect(row(page, cancel)).toHaveAttribute('data-status', 'confirmed');
  await expect(row(page, cancel)).toContainText('Cancel');
  // The swap box, which waited on the original hash, says it was cancelled (not "Swap failed").
  await expect(
    page.getByText(
      "This swap was cancelled: no tokens moved, only the cancel's network fee was paid.",
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Swap failed')).toHaveCount(0);
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeEnabled();
});

test('BSC: the swap box waiting on a stuck swap follows its Speed up: success with the new hash', async ({
  page,
}) => {
  await page.clock.install();
  await open(page);
  const { hash } = await stuckSwap(page);
  await openRecent(page);
  await page.clock.fastForward(65_000);
  const count = (await walletHashes(page)).length;
  await row(page, hash).getByRole('button', { name: 'Speed up' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(count + 1);
  const faster = (await walletHashes(page))[count] as string;
  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByRole('link')).toHaveAttribute('href', new RegExp(`${faster}$`));
});

test('corrupt storage is discarded, never a crash; every text fits a 320 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await injectEvmWallet(page, {
    account: OWNER,
    chainId: localNetworks()[NETWORK]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  const key = `jmswap:recent-transactions:${NETWORK}:${OWNER.toLowerCase()}`;
  await page.goto(`/?n=${NETWORK}`);
  await page.evaluate((k) => localStorage.setItem(k, '{"version":1,"items":[{"hash":42}]}'), key);
  const fromMenu = async () => {
    await connectFromHeader(page, 'MetaMask');
    await page.getByRole('button', { name: 'Menu' }).click();
    // on a phone the entry is in the folded menu, the wallet area keeps only the welcome
    await expect(page.locator('.jm-wallet')).not.toContainText('Recent transactions');
    await openRecent(page);
  };
  await fromMenu();
  await expect(recentList(page)).toContainText('No transactions yet');
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

  // The longest texts: every kind and status, amounts with 6 decimals and long symbols.
  const hash = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;
  const now = Date.now();
  const items = [
    [
      'Remove liquidity',
      'expired',
      '123456.123456 LP → min 123456.123456 USDT + 123456.123456 WBNB',
    ],
    ['Add liquidity', 'dropped', '123456.123456 O1T + 123456.123456 USDT'],
    ['Swap', 'replaced', 'max 123456.123456 USDT → 123456.123456 O1T'],
    ['Cancel', 'failed', 'Swap: 0.05 BNB → min 1.234567 JM'],
    ['Approve', 'confirmed', 'Unlimited USDT'],
    ['Revoke', 'confirmed', 'USDT: allowance 0'],
  ].map(([kind, status, summary], i) => ({
    hash: hash(i + 1),
    kind,
    status,
    summary,
    time: now - i * 60_000,
    ...(status === 'replaced' ? { replacedBy: hash(99) } : {}),
  }));
  await page.evaluate(
    ([k, v]) => localStorage.setItem(k as string, v as string),
    [key, JSON.stringify({ version: 1, items })],
  );
  await page.reload();
  await fromMenu();
  await expect(recentList(page).getByTestId('recent-transaction')).toHaveCount(6);
  await expect(recentList(page)).toContainText('Expired: nothing was sent');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const box of await recentList(page).locator('li, li *').all()) {
    const b = await box.boundingBox();
    if (b) expect(b.x + b.width).toBeLessThanOrEqual(320);
  }
  await recentList(page).screenshot({ path: '/tmp/recent-transactions-320.png' });
  await page.screenshot({ path: '/tmp/recent-transactions-320-page.png', fullPage: true });
});

test('TRON: a swap whose broadcast never reached a node expires: "Expired: nothing was sent", and SWAP is usable again', async ({
  page,
}) => {
  const owner = tronAddress(8);
  await setResources(owner, 50_000_000);
  await page.clock.install();
  await withTronLink(page, 8);
  // The wallet says it broadcast, but no node ever got the transaction (a lost broadcast).
  let lost = '';
  await page.route('**/wallet/broadcasttransaction', async (route) => {
    const tx = route.request().postDataJSON() as { txID: string };
    lost = tx.txID;
    await route.fulfill({ json: { result: true, txid: tx.txID } });
  });
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  const jmBefore = await tronBalance('JM', owner);
  await sellField(page).fill('10');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(() => lost).toMatch(/^[0-9a-f]{64}$/);
  await openRecent(page);
  await expect(row(page, lost)).toHaveAttribute('data-status', 'pending');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeDisabled();

  // Past the transaction's expiration (60 s) and the writer's wait for it (120 s).
  await page.clock.fastForward(130_000);
  await expect(row(page, lost)).toHaveAttribute('data-status', 'expired', { timeout: 15_000 });
  await expect(row(page, lost)).toContainText('Expired: nothing was sent');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeEnabled();
  expect(await tronBalance('JM', owner)).toBe(jmBefore);
});
