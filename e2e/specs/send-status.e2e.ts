import type { Page } from '@playwright/test';
import { Interface } from 'ethers';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { connectFromHeader } from '../fixtures/connect';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, ledger, pendingTx } from '../fixtures/landed';
import { setResources, withTronLink } from '../fixtures/tron';
import { openRecentTransactions } from '../fixtures/recent';

/**
 * From the moment the wallet sends: FUNDS ON THE WAY opens at the hash ("Confirming…", before
 * any receipt), then says Confirmed with what arrived (equal to the balance change read on
 * chain), or Failed with the chain's reason and the fee it still cost. EVM chains are held by
 * turning anvil's automining off around the send (always back on); TRON by holding the page's
 * transaction-info requests (the devnode runs a transaction as it takes it).
 */
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const popup = (page: Page) => page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
const walletHashes = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
  );

async function rpc<T = unknown>(network: string, method: string, params: unknown[] = []) {
  const res = await fetch(localNetworks()[network]!.nodeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function openEvm(page: Page, network: string, account: string, privateKey?: string) {
  await injectEvmWallet(page, {
    account,
    privateKey,
    chainId: localNetworks()[network]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto(`/?n=${network}`);
  await connectFromHeader(page, 'MetaMask');
}

async function quoted(page: Page): Promise<{ amountIn: bigint; amountOut: bigint }> {
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  return {
    amountIn: BigInt((await swapBox(page).getAttribute('data-quote-in')) as string),
    amountOut: BigInt((await swapBox(page).getAttribute('data-quote-out')) as string),
  };
}

/** Presses SWAP with automining off; resolves with the hash the wallet returned. */
async function sendHeld(page: Page, network: string): Promise<string> {
  const before = (await walletHashes(page)).length;
  await rpc(network, 'evm_setAutomine', [false]);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(before + 1);
  return (await walletHashes(page))[before] as string;
}

/** "1.234567 BNB": an amount to 6 decimals, cut, trailing zeros dropped (the popup's). */
function sixDecimals(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).slice(0, 6).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

test.afterEach(async () => {
  for (const network of ['ETH', 'BSC'])
    await rpc(network, 'evm_setAutomine', [true]).catch(() => undefined);
});

test('ETH: FUNDS ON THE WAY opens at the hash, before any receipt, then says Confirmed with the USDT that arrived, read on chain', async ({
  page,
  evmAccount: owner,
}, testInfo) => {
  await openEvm(page, 'ETH', owner);
  await sellField(page).fill('0.05');
  const { amountIn, amountOut } = await quoted(page);
  const before = await ledger('ETH', owner, ['ETH', 'USDT']);
  const hash = await sendHeld(page, 'ETH');

  // On its way: the popup is open, no block has it yet.
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toHaveAttribute('data-status', 'confirming');
  await expect(popup(page).getByTestId('send-status')).toHaveText('Confirming…');
  await expect(popup(page).getByTestId('txid')).toHaveAttribute(
    'href',
    `${localNetworks().ETH!.scan}${hash}`,
  );
  await expect(popup(page)).toContainText('The transaction is being confirmed on-chain.');
  expect(await rpc('ETH', 'eth_getTransactionReceipt', [hash])).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('funds-confirming.png') });

  await rpc('ETH', 'evm_mine');
  await rpc('ETH', 'evm_setAutomine', [true]);
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { ETH: amountIn },
    credit: { USDT: amountOut },
  });
  expect(landed.txs[0]!.hash).toBe(hash);
  await expect(popup(page)).toHaveAttribute('data-status', 'confirmed', { timeout: 15_000 });
  await expect(popup(page).getByTestId('send-status')).toHaveText('Confirmed');
  // what the popup says arrived is what the chain moved
  await expect(popup(page).getByTestId('arrived')).toHaveAttribute(
    'data-amount',
    landed.moved.USDT!.toString(),
  );
  await expect(popup(page).getByTestId('send-fee')).toHaveText(
    `Network fee: ${sixDecimals(landed.fees, 18)} ETH`,
  );
  await page.screenshot({ path: testInfo.outputPath('funds-confirmed.png') });

  // Recent transactions: the same states, with what arrived.
  await popup(page).getByRole('button', { name: 'CLOSE' }).click();
  await openRecentTransactions(page);
  const row = page.locator(`[data-testid="recent-transaction"][data-hash="${hash}"]`);
  await expect(row).toHaveAttribute('data-status', 'confirmed');
  await expect(row.getByTestId('recent-outcome')).toHaveText(
    `Received ${sixDecimals(landed.moved.USDT!, localNetworks().ETH!.tokens.USDT!.decimals)} USDT`,
  );
});

test('TRON: FUNDS ON THE WAY opens at the id before its receipt, then Confirmed with the JM that arrived (after its 3% tax), read on chain', async ({
  page,
  tronAccount,
}) => {
  await setResources(tronAccount.address, 50_000_000);
  // The chain's answer about the transaction is held back from the page: not mined yet.
  let held = true;
  await page.route('**/wallet/gettransactioninfobyid', (route) =>
    held ? route.fulfill({ json: {} }) : route.continue(),
  );
  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');

  await sellField(page).fill('100');
  const { amountIn, amountOut } = await quoted(page);
  const before = await ledger('TRON', tronAccount.address, ['TRX', 'JM']);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(popup(page)).toBeVisible({ timeout: 30_000 });
  await expect(popup(page)).toHaveAttribute('data-status', 'confirming');
  await expect(popup(page).getByTestId('send-status')).toHaveText('Confirming…');
  // It stays so while the chain says nothing (the writer asks every second).
  await page.waitForTimeout(2_500);
  await expect(popup(page)).toHaveAttribute('data-status', 'confirming');

  held = false;
  await expect(popup(page)).toHaveAttribute('data-status', 'confirmed', { timeout: 15_000 });
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { TRX: amountIn },
    credit: { JM: amountOut },
  });
  await expect(popup(page).getByTestId('arrived')).toHaveAttribute(
    'data-amount',
    landed.moved.JM!.toString(),
  );
  await expect(popup(page).getByTestId('arrived')).toContainText(' JM');
});

const ROUTER = new Interface([
  'function swapExactBaseForTokens(uint256 amountOutMin, address[] path, bytes32[] taxes, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);

test('BSC: the deadline setting reaches the router call (read from the sent calldata); mined after it, the swap shows Failed with the reason and the fee it cost', async ({
  page,
  evmAccount: owner,
}, testInfo) => {
  await openEvm(page, 'BSC', owner);
  await swapBox(page)
    .getByRole('button', { name: /^Slippage / })
    .click();
  await page.getByRole('textbox', { name: 'Transaction deadline (minutes)' }).fill('1');
  await sellField(page).fill('0.02');
  await quoted(page);
  await expect(swapBox(page).getByTestId('deadline')).toHaveText('1 min');
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);

  const pressedAt = Math.floor(Date.now() / 1000);
  const hash = await sendHeld(page, 'BSC');
  const sent = await rpc<{ input: string }>('BSC', 'eth_getTransactionByHash', [hash]);
  const call = ROUTER.parseTransaction({ data: sent.input })!;
  expect(call.name).toBe('swapExactBaseForTokens');
  const sentDeadline = Number(call.args.deadline as bigint);
  // now + 1 minute as the page built it (a few seconds for the wallet's round trip)
  expect(sentDeadline).toBeGreaterThanOrEqual(pressedAt + 60 - 2);
  expect(sentDeadline).toBeLessThanOrEqual(pressedAt + 60 + 10);
  await expect(popup(page)).toHaveAttribute('data-status', 'confirming');

  // The block that takes it comes after its deadline: the router reverts, the gas is paid.
  const head = await rpc<{ timestamp: string }>('BSC', 'eth_getBlockByNumber', ['latest', false]);
  const next = Math.max(sentDeadline + 1, Number(BigInt(head.timestamp)) + 1);
  await rpc('BSC', 'evm_setNextBlockTimestamp', [next]);
  await rpc('BSC', 'evm_mine');
  await rpc('BSC', 'evm_setAutomine', [true]);
  // Nothing was swapped: the one transaction reverted, only its fee left the wallet.
  const landed = await expectLanded(before, { txs: 1, reverted: 1 });
  expect(landed.txs[0]!.hash).toBe(hash);
  expect(landed.fees).toBeGreaterThan(0n);

  await expect(popup(page)).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
  await expect(popup(page).getByTestId('send-status')).toHaveText('Failed');
  await expect(popup(page).getByTestId('send-failure')).toHaveText(
    'This swap failed on chain: its deadline has passed. Try again.',
  );
  await expect(popup(page).getByTestId('send-fee')).toHaveText(
    `Network fee: ${sixDecimals(landed.fees, 18)} BNB`,
  );
  await expect(popup(page).getByTestId('sent')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('funds-failed.png') });
});

test('BSC: a confirmation slower than usual says so and offers Speed up, which settles under the new hash', async ({
  page,
  evmKeyAccount: { address: owner, key: privateKey },
}) => {
  await page.clock.install();
  await openEvm(page, 'BSC', owner, privateKey);
  await sellField(page).fill('0.01');
  const { amountIn, amountOut } = await quoted(page);
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  const hash = await sendHeld(page, 'BSC');
  await expect(popup(page)).toHaveAttribute('data-status', 'confirming');
  await expect(popup(page).getByTestId('send-slow')).toHaveCount(0);
  await page.clock.fastForward(11_000);
  await expect(popup(page).getByTestId('send-slow')).toContainText(
    'This is taking longer than usual on',
  );
  const original = await pendingTx('BSC', hash);
  const count = (await walletHashes(page)).length;
  await popup(page).getByRole('button', { name: 'Speed up' }).click();
  await expect.poll(async () => (await walletHashes(page)).length).toBe(count + 1);
  const faster = (await walletHashes(page))[count] as string;
  const replacement = await pendingTx('BSC', faster);
  expect(replacement.nonce).toBe(original.nonce);
  expect(replacement.gasPrice * 10n).toBeGreaterThanOrEqual(original.gasPrice * 11n);
  await expect(popup(page).getByTestId('txid')).toHaveAttribute('href', new RegExp(`${faster}$`));
  await rpc('BSC', 'evm_mine');
  await rpc('BSC', 'evm_setAutomine', [true]);
  // the sped-up swap is the one that landed, as quoted
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { BNB: amountIn },
    credit: { USDT: amountOut },
  });
  expect(landed.txs[0]!.hash).toBe(faster);
  await expect(popup(page)).toHaveAttribute('data-status', 'confirmed', { timeout: 15_000 });
  await expect(popup(page).getByTestId('txid')).toHaveAttribute('href', new RegExp(`${faster}$`));
});
