import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { startNodeProxy, type NodeProxy } from '../fixtures/node-proxy';
import { networksFile } from '../fixtures/stack';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { connectFromHeader, expectWalletBack } from '../fixtures/connect';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, expectNothingMoved, ledger, pendingTx } from '../fixtures/landed';
import { setResources, withTronLink } from '../fixtures/tron';

/**
 * Recent transactions: the wallet menu lists what this site sent, a reload keeps a
 * pending swap pending (and the swap button blocked), and a stuck EVM swap is sped up or
 * cancelled with the same nonce. The e2e anvils automine: these tests turn it off around the
 * stuck transaction (and always back on), and move the page's clock past the network's stuck
 * time (BSC: 60 s) instead of waiting for it.
 */
const NETWORK = 'BSC';

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

async function open(page: Page, owner: string, privateKey?: string) {
  await injectEvmWallet(page, {
    account: owner,
    privateKey,
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

/**
 * Sends a swap of the base coin for the default token with automining off. Resolves with its
 * hash, the ledger taken before it, the quoted amounts, and the transaction as the node holds it
 * (nonce and fee, read before any replacement).
 */
async function stuckSwap(page: Page, owner: string) {
  const [from, to] = (localNetworks()[NETWORK] as unknown as { defaultTokens: [string, string] })
    .defaultTokens;
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: / })).toContainText(to);
  const before = await ledger(NETWORK, owner, [from, to]);
  await sellField(page).fill('0.05');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const quoted = { [from]: await quote('data-quote-in'), [to]: await quote('data-quote-out') };
  const sent = (await walletHashes(page)).length;
  await rpc('evm_setAutomine', [false]);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(sent + 1);
  const hash = (await walletHashes(page))[sent] as string;
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();
  // FUNDS ON THE WAY opens at the hash; closed, the swap box says the outcome in a toast.
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toHaveAttribute('data-status', 'confirming');
  await popup.getByRole('button', { name: 'CLOSE' }).click();
  const original = await pendingTx(NETWORK, hash);
  expect(original.from).toBe(owner);
  return {
    hash,
    before,
    original,
    debit: { [from]: quoted[from]! },
    credit: { [to]: quoted[to]! },
  };
}

test.afterEach(async () => {
  await rpc('evm_setAutomine', [true]).catch(() => undefined);
});

test('BSC: a reload keeps a pending swap pending; once stuck it is sped up (same nonce, higher gas), the original shows as replaced', async ({
  page,
  evmKeyAccount: { address: owner, key: privateKey },
}) => {
  await page.clock.install();
  await open(page, owner, privateKey);
  const { hash, before, original, debit, credit } = await stuckSwap(page, owner);

  // A reload while the swap is pending: it is still pending, and the swap button is blocked.
  await page.reload();
  await expectWalletBack(page, 'MetaMask');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeDisabled();
  await openRecent(page);
  await expect(row(page, hash)).toHaveAttribute('data-status', 'pending');
  await expect(row(page, hash)).toContainText('Swap');
  await expect(row(page, hash)).toContainText('Confirming…');
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
  // The same swap with the same nonce, offering at least 10% more per gas (the original's
  // figures were read before the replacement, when the node still held it).
  const faster = await pendingTx(NETWORK, replacement as string);
  expect(faster.nonce).toBe(original.nonce);
  expect(faster.gasPrice * 10n).toBeGreaterThanOrEqual(original.gasPrice * 11n);
  expect(faster.input).toBe(original.input);
  expect(faster.value).toBe(original.value);

  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  // Only the replacement landed, and the quoted swap with it.
  const landed = await expectLanded(before, { txs: 1, debit, credit });
  expect(landed.txs[0]!.hash).toBe(replacement);
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();

  await expect(row(page, hash)).toHaveAttribute('data-status', 'replaced', { timeout: 15_000 });
  await expect(row(page, hash)).toContainText('Replaced');
  await expect(row(page, replacement as string)).toHaveAttribute('data-status', 'confirmed');
  // the account's one pending send is released: the swap button is usable again
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeHidden();
});

test('BSC: a stuck swap is cancelled by a zero-value transaction to self with the same nonce; nothing is swapped', async ({
  page,
  evmKeyAccount: { address: owner, key: privateKey },
}) => {
  await page.clock.install();
  await open(page, owner, privateKey);
  const { hash, before, original } = await stuckSwap(page, owner);
  await openRecent(page);
  await expect(row(page, hash)).toHaveAttribute('data-status', 'pending');
  await page.clock.fastForward(65_000);
  const count = (await walletHashes(page)).length;
  await row(page, hash).getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(count + 1);
  const cancel = (await walletHashes(page))[count] as string;
  const sent = await pendingTx(NETWORK, cancel);
  expect(sent.to).toBe(owner);
  expect(sent.value).toBe(0n);
  expect(sent.input).toBe('0x');
  expect(sent.nonce).toBe(original.nonce);
  expect(sent.gasPrice * 10n).toBeGreaterThanOrEqual(original.gasPrice * 11n);

  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  // Nothing was swapped: one transaction landed, the cancel, and only its gas left the wallet.
  const landed = await expectLanded(before, { txs: 1 });
  expect(landed.txs[0]!.hash).toBe(cancel);
  expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull();

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

test('BSC: the swap box waiting on a stuck swap follows its Speed up: success with the new hash, said in a toast once its popup is closed', async ({
  page,
  evmKeyAccount: { address: owner, key: privateKey },
}) => {
  await page.clock.install();
  await open(page, owner, privateKey);
  const { hash, before, debit, credit } = await stuckSwap(page, owner);
  await openRecent(page);
  await page.clock.fastForward(65_000);
  const count = (await walletHashes(page)).length;
  await row(page, hash).getByRole('button', { name: 'Speed up' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(count + 1);
  const faster = (await walletHashes(page))[count] as string;
  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  const landed = await expectLanded(before, { txs: 1, debit, credit });
  expect(landed.txs[0]!.hash).toBe(faster);
  // The swap box followed the new hash: its popup was closed, so a toast says what arrived.
  await expect(page.getByText(/^Swap confirmed: [\d.]+ \S+ received\.$/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(row(page, faster)).toHaveAttribute('data-status', 'confirmed');
});

const ATTACKER = `0x${'66'.repeat(20)}`;

/**
 * A node of the list that lies about transactions: it forwards everything to BSC's node, and
 * answers eth_getTransactionByHash with the attacker as the recipient and other calldata.
 */
function rewritingNode(): Promise<NodeProxy> {
  type Answer = { id: number; result?: Record<string, unknown> | null };
  return startNodeProxy(localNetworks()[NETWORK]!.nodeUrl, {
    rewrite: (req, answer) => {
      const lied = new Set(
        [req.body as { id: number; method: string }]
          .flat()
          .filter((c) => c.method === 'eth_getTransactionByHash')
          .map((c) => c.id),
      );
      for (const a of [answer as Answer | Answer[]].flat())
        if (lied.has(a.id) && a.result)
          a.result = {
            ...a.result,
            to: ATTACKER,
            input: `0xa9059cbb${'00'.repeat(12)}${ATTACKER.slice(2)}${'ff'.repeat(32)}`,
          };
      return answer;
    },
  });
}

test('BSC: Speed up after a node rewrites the transaction: the rewritten copy is refused and said, nothing is sent; with an honest node in the list the app resends what it built', async ({
  page,
  evmKeyAccount: { address: owner, key: privateKey },
}) => {
  test.setTimeout(120_000);
  const original = readFileSync(networksFile(), 'utf8');
  const liar = await rewritingNode();
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  const listNodes = (nodeUrls: string[]) => {
    const config = JSON.parse(original);
    config.networks[NETWORK].nodeUrls = nodeUrls;
    writeFileSync(networksFile(), JSON.stringify(config, null, 2) + '\n');
  };
  try {
    await page.clock.install();
    await open(page, owner, privateKey);
    const { hash, before, debit, credit } = await stuckSwap(page, owner);
    const built = await rpc<{ to: string; input: string; nonce: string }>(
      'eth_getTransactionByHash',
      [hash],
    );

    // Only the lying node in the list.
    listNodes([liar.url]);
    await page.reload();
    await expectWalletBack(page, 'MetaMask');
    await openRecent(page);
    await expect(row(page, hash)).toHaveAttribute('data-status', 'pending');
    await page.clock.fastForward(65_000);
    await row(page, hash).getByRole('button', { name: 'Speed up' }).click();
    await expect(row(page, hash).getByRole('alert')).toHaveText(
      'No node gave this transaction as it was sent (a node answered other contents for it), so nothing was sent. Try again later, or use your wallet.',
    );
    expect(await walletHashes(page)).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringContaining(
        `speedUp of ${hash} refused: node answered eth_getTransactionByHash wrongly`,
      ),
    );
    await page.screenshot({ path: test.info().outputPath('speed-up-refused.png'), fullPage: true });

    // An honest node after it: the liar is passed over and the app resends what it built.
    listNodes([liar.url, localNetworks()[NETWORK]!.nodeUrl]);
    await page.reload();
    await expectWalletBack(page, 'MetaMask');
    await openRecent(page);
    await page.clock.fastForward(65_000);
    await row(page, hash).getByRole('button', { name: 'Speed up' }).click();
    await expect.poll(async () => (await walletHashes(page)).length).toBe(1);
    const [faster] = await walletHashes(page);
    const resent = await rpc<{ to: string; input: string; nonce: string }>(
      'eth_getTransactionByHash',
      [faster],
    );
    expect(resent.to.toLowerCase()).toBe(built.to.toLowerCase());
    expect(resent.to.toLowerCase()).not.toBe(ATTACKER);
    expect(resent.input).toBe(built.input);
    expect(resent.nonce).toBe(built.nonce);
    await rpc('evm_mine');
    await rpc('evm_setAutomine', [true]);
    await expect(row(page, faster as string)).toHaveAttribute('data-status', 'confirmed', {
      timeout: 15_000,
    });
    const landed = await expectLanded(before, { txs: 1, debit, credit });
    expect(landed.txs[0]!.hash).toBe(faster);
  } finally {
    writeFileSync(networksFile(), original);
    await liar.close();
  }
});

test('BSC: two tabs of one browser: each shows the other’s swap, pending then confirmed, and keeps its own; a slippage set in one is the other’s', async ({
  page,
  evmAccount: owner,
}) => {
  await open(page, owner);
  const other = await page.context().newPage();
  await injectEvmWallet(other, {
    account: owner,
    chainId: localNetworks()[NETWORK]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await other.goto(`/?n=${NETWORK}`);
  await expectWalletBack(other, 'MetaMask');
  await openRecent(other);

  // This tab's swap, pending: the other tab lists it at once, then sees it confirmed.
  const { hash, before, debit, credit } = await stuckSwap(page, owner);
  await expect(row(other, hash)).toHaveAttribute('data-status', 'pending');
  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  await expect(row(other, hash)).toHaveAttribute('data-status', 'confirmed', { timeout: 15_000 });
  await expectLanded(before, { txs: 1, debit, credit });

  // The other tab's swap, sent after it read the list: both lists keep both, also after a reload.
  await other.keyboard.press('Escape');
  await sellField(other).fill('0.01');
  await expect(swapBox(other)).toHaveAttribute('data-quote-out', /\d+/);
  const [from, to] = (localNetworks()[NETWORK] as unknown as { defaultTokens: [string, string] })
    .defaultTokens;
  const quoted = async (name: string) =>
    BigInt((await swapBox(other).getAttribute(name)) as string);
  const [sold, bought] = [await quoted('data-quote-in'), await quoted('data-quote-out')];
  const beforeSecond = await ledger(NETWORK, owner, [from, to]);
  await swapBox(other).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(async () => (await walletHashes(other)).length).toBe(1);
  const [second] = await walletHashes(other);
  // Its quote may predate the first swap's block: at least the minimum its 5% slippage allows.
  await expectLanded(beforeSecond, {
    txs: 1,
    debit: { [from]: sold },
    credit: { [to]: { atLeast: bought - (bought * 500n) / 10_000n } },
  });
  await other
    .getByRole('dialog', { name: 'FUNDS ON THE WAY' })
    .getByRole('button', { name: 'CLOSE' })
    .click();
  await page.reload();
  await expectWalletBack(page, 'MetaMask');
  await openRecent(page);
  for (const tab of [page, other]) {
    if (tab === other) await openRecent(other);
    await expect(row(tab, hash)).toHaveAttribute('data-status', 'confirmed');
    await expect(row(tab, second as string)).toHaveAttribute('data-status', 'confirmed');
  }

  // Slippage lowered in one tab: the other's box builds its next swap with it.
  await page.keyboard.press('Escape');
  await swapBox(page)
    .getByRole('button', { name: /^Slippage/ })
    .click();
  await swapBox(page).getByRole('button', { name: '1.00%' }).click();
  await expect(swapBox(other).getByRole('button', { name: /^Slippage/ })).toHaveText(
    'Slippage 1.00%',
  );
});

test('corrupt storage is discarded, never a crash; every text fits a 320 px phone', async ({
  page,
  evmAccount: owner,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await injectEvmWallet(page, {
    account: owner,
    chainId: localNetworks()[NETWORK]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  const key = `jmswap:recent-transactions:${NETWORK}:${owner.toLowerCase()}`;
  await page.goto(`/?n=${NETWORK}`);
  await page.evaluate((k) => localStorage.setItem(k, '{"version":1,"items":[{"hash":42}]}'), key);
  const fromMenu = async (connect: boolean) => {
    if (connect) await connectFromHeader(page, 'MetaMask');
    else await expectWalletBack(page, 'MetaMask');
    await page.getByRole('button', { name: 'Menu' }).click();
    // on a phone the entry is in the folded menu, the wallet area keeps only the welcome
    await expect(page.locator('.jm-wallet')).not.toContainText('Recent transactions');
    await openRecent(page);
  };
  await fromMenu(true);
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
  await fromMenu(false);
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
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await page.clock.install();
  await withTronLink(page, tronAccount);
  // The wallet says it broadcast, but no node ever got the transaction (a lost broadcast).
  let lost = '';
  await page.route('**/wallet/broadcasttransaction', async (route) => {
    const tx = route.request().postDataJSON() as { txID: string };
    lost = tx.txID;
    await route.fulfill({ json: { result: true, txid: tx.txID } });
  });
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('10');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(() => lost).toMatch(/^[0-9a-f]{64}$/);
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toHaveAttribute('data-status', 'confirming');
  await popup.getByRole('button', { name: 'CLOSE' }).click();
  await openRecent(page);
  await expect(row(page, lost)).toHaveAttribute('data-status', 'pending');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeDisabled();

  // Past the transaction's expiration (60 s) and the writer's wait for it (120 s).
  await page.clock.fastForward(130_000);
  await expect(row(page, lost)).toHaveAttribute('data-status', 'expired', { timeout: 15_000 });
  await expect(row(page, lost)).toContainText('Expired: nothing was sent');
  await expect(swapBox(page).getByRole('button', { name: 'Confirming on chain' })).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeEnabled();
  await expectNothingMoved(before);
});
