/**
 * The liquidity panel on the local stack, wallets injected as extensions inject them. Every
 * figure the panel promises (pool tokens, what reaches the pool, what comes back) is compared with
 * what the chain did, to the base unit.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseUnits } from 'ethers';
import { expect, test, type TronAccount } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { setResources, withTronLink } from '../fixtures/tron';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import {
  evmPair,
  evmTokenBalance,
  exchangeOf,
  tokenAddress,
  tronPair,
  tronTokenBalance,
} from './liquidity.chain';
import { connectFromHeader } from '../fixtures/connect';
import { expectSiteDrawn } from '../fixtures/csp';
import { chosenToken, pickToken } from '../fixtures/picker';
import { closeSendPopup } from '../fixtures/send-popup';
import { openRecentTransactions } from '../fixtures/recent';
import { thumbMisses } from '../fixtures/phone';

const SHOTS = '/tmp/liquidity-shots';
mkdirSync(SHOTS, { recursive: true });
const PLENTY_OF_ENERGY = 50_000_000;
const MAX_APPROVAL = 2n ** 256n - 1n;

const panel = (page: Page) => page.locator('[data-remote="liquidity"]');
const first = (page: Page) => panel(page).getByRole('textbox', { name: 'Tokens to swap' });
const supplyButton = (page: Page) => panel(page).getByRole('button', { name: 'SUPPLY' });
const big = async (page: Page, testId: string) =>
  BigInt((await panel(page).getByTestId(testId).getAttribute('data-value')) as string);

/** "0.1234" in base units of a token with `decimals` (the preview's figures). */
const units = (text: string, decimals: number): bigint => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(`${whole}${fraction.padEnd(decimals, '0').slice(0, decimals)}`);
};

async function shot(page: Page, name: string) {
  // Fits 375 px: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Every control in the site's own look (the token buttons, the slider in the accent).
  await expectSiteDrawn(page, name);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openTron(page: Page, account: TronAccount) {
  await setResources(account.address, PLENTY_OF_ENERGY);
  await withTronLink(page, account);
  await page.goto('/?n=TRON&t=addLiquidity');
  await connectFromHeader(page, 'TronLink');
}

async function openEvm(page: Page, id: string, account: string) {
  await injectEvmWallet(page, {
    account,
    chainId: localNetworks()[id]!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto(`/?n=${id}&t=addLiquidity`);
  await connectFromHeader(page, 'MetaMask');
}

/**
 * Fills the first amount, waits for the plan, and returns what SUPPLY will send (of which
 * tokens) and mint.
 */
async function planAdd(page: Page, amount: string) {
  await first(page).fill(amount);
  await expect(supplyButton(page)).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  const attr = async (name: string) =>
    BigInt((await supplyButton(page).getAttribute(name)) as string);
  const token = (label: string) => chosenToken(panel(page), `${label} token`);
  return {
    symbolA: await token('Tokens to swap'),
    symbolB: await token('Estimate'),
    amountA: await attr('data-amount-a'),
    amountB: await attr('data-amount-b'),
    lpTokens: await attr('data-lp-tokens'),
  };
}
type Plan = Awaited<ReturnType<typeof planAdd>>;
/** What an add takes from the wallet and gives it, as `expectLanded` reads it. */
const added = (plan: Plan, pair: string) => ({
  debit: { [plan.symbolA]: plan.amountA, [plan.symbolB]: plan.amountB },
  credit: { [pair]: plan.lpTokens },
});
type Removal = Awaited<ReturnType<typeof planRemoval>>;
/** What a removal takes (the pool tokens) and gives back (both sides, as the panel showed). */
const removed = (shown: Removal, pair: string) => ({
  debit: { [pair]: shown.lp },
  credit: { [shown.a.symbol]: shown.a.amount, [shown.b.symbol]: shown.b.amount },
});

/** Adds, and returns what the popup says the wallet received ("Pool tokens received: …"). */
async function supply(page: Page): Promise<string> {
  await supplyButton(page).click();
  // Back to step 1 only after the send went through (an earlier toast may still be showing).
  await expect(panel(page)).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  await expect(page.getByText('Liquidity added').first()).toBeVisible();
  const received = page
    .getByRole('dialog', { name: 'ADDING LIQUIDITY' })
    .getByText(/^Pool tokens received: /);
  const text = (await received.textContent({ timeout: 30_000 })) as string;
  await closeSendPopup(page, 'ADDING LIQUIDITY');
  return text;
}

/**
 * The pool tokens a text shows ("0.000000033333", or a tiny amount's "0.0₁₂4472") are the real
 * amount to at least four significant digits, never more. A TRX pair's pool tokens are far below
 * 0.000001: a view with fewer places reads "0".
 */
function expectPoolTokens(text: string, lpTokens: bigint) {
  const shown = /(\d[\d.₀-₉]*)/.exec(text)?.[1] ?? '';
  const plain = shown.replace(/0([₀-₉]+)/, (_, run: string) =>
    '0'.repeat(Number([...run].map((d) => d.charCodeAt(0) - 0x2080).join(''))),
  );
  const value = units(plain, 18);
  expect(value, `${text} against ${lpTokens} base units`).toBeLessThanOrEqual(lpTokens);
  expect(value * 1000n, `${text} against ${lpTokens} base units`).toBeGreaterThan(lpTokens * 999n);
}

/** Opens step 3 for a pool item, picks the percentage and returns what the panel says comes back. */
async function planRemoval(page: Page, pair: string, percent: string) {
  await panel(page)
    .getByRole('button', { name: `REMOVE LIQUIDITY ${pair}` })
    .click();
  await expect(panel(page).getByTestId('percent')).toHaveText('100%');
  if (percent !== '100%') await panel(page).getByRole('button', { name: percent }).click();
  await expect(panel(page).getByTestId('percent')).toHaveText(percent);
  await expect(panel(page).getByTestId('lp-to-remove')).toHaveAttribute('data-value', /^[1-9]\d*$/);
  const side = async (id: string) => ({
    symbol: (await panel(page).getByTestId(id).getAttribute('data-symbol')) as string,
    amount: await big(page, id),
  });
  return {
    a: await side('receive-a'),
    b: await side('receive-b'),
    lp: await big(page, 'lp-to-remove'),
  };
}

async function remove(page: Page) {
  await panel(page).getByRole('button', { name: 'REMOVE LIQUIDITY', exact: true }).click();
  // Back to step 1 only after the send went through (an earlier toast may still be showing).
  await expect(panel(page)).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  await expect(page.getByText('Liquidity removed').first()).toBeVisible();
  await closeSendPopup(page, 'REMOVING LIQUIDITY');
}

test('TRON: add TRX/JM with TronLink (JM tax-free), then remove 25% and 100%, to the base unit', async ({
  page,
  tronAccount,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const owner = tronAccount.address;
  await openTron(page, tronAccount);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
  await shot(page, 'tron-1-list-empty');

  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const plan = await planAdd(page, '100');
  await expect(
    panel(page).getByText('JM (3% tax): adding and removing liquidity is tax-free.'),
  ).toBeVisible();
  await shot(page, 'tron-2-add');
  // At 375 px every control is a thumb's target: Back, the token buttons, MAX.
  expect(await thumbMisses(panel(page))).toEqual([]);
  expect([plan.symbolA, plan.symbolB]).toEqual(['TRX', 'JM']);
  const pair = await tronPair('TRX', 'JM');
  const jm = tokenAddress('TRON', 'JM');
  const before = await ledger('TRON', owner, ['TRX', 'JM', pair]);
  const pairJm0 = await tronTokenBalance(jm, pair);
  expectPoolTokens(
    (await panel(page).getByTestId('lp-to-receive').textContent()) as string,
    plan.lpTokens,
  );
  expectPoolTokens(await supply(page), plan.lpTokens);
  await expectLanded(before, {
    ...added(plan, pair),
    allowance: [
      { token: 'JM', spender: exchangeOf('TRON').LIQUIDITY_ROUTER, amount: MAX_APPROVAL },
    ],
  });
  // Through the liquidity router the pair receives every JM that left the wallet.
  expect((await tronTokenBalance(jm, pair)) - pairJm0).toBe(plan.amountB);
  const item = panel(page).getByRole('listitem', { name: 'TRX/JM pool' });
  await expect(item.getByTestId('pool-tokens')).toHaveAttribute(
    'data-value',
    String(plan.lpTokens),
  );
  expectPoolTokens((await item.getByTestId('pool-tokens').textContent()) as string, plan.lpTokens);
  await shot(page, 'tron-1-list-position');
  expect(await thumbMisses(panel(page))).toEqual([]);
  // Recent transactions (in the folded menu at 375 px) say what the add minted.
  await page.getByRole('button', { name: 'Menu' }).click();
  await openRecentTransactions(page);
  const received = page
    .getByTestId('recent-transactions')
    .getByText(/^Received [\d.₀-₉]+ LP tokens$/);
  expectPoolTokens((await received.textContent()) as string, plan.lpTokens);
  await page.keyboard.press('Escape');

  for (const percent of ['25%', '100%']) {
    const shown = await planRemoval(page, 'TRX/JM', percent);
    expectPoolTokens(
      (await panel(page).getByTestId('lp-to-remove').textContent()) as string,
      shown.lp,
    );
    if (percent === '25%') {
      await shot(page, 'tron-3-remove');
      // The slider and the quick percentages too.
      expect(await thumbMisses(panel(page))).toEqual([]);
    }
    const start = await ledger('TRON', owner, ['TRX', 'JM', pair]);
    const pairJm = await tronTokenBalance(jm, pair);
    await remove(page);
    await expectLanded(start, removed(shown, pair));
    // No tax on the way out either: what the pair sent is what arrived.
    const jmBack = shown.a.symbol === 'JM' ? shown.a.amount : shown.b.amount;
    expect(pairJm - (await tronTokenBalance(jm, pair))).toBe(jmBack);
  }
  expect(await tronTokenBalance(pair, owner)).toBe(0n);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
});

test('TRON: SafeMoney (10%) goes through the normal router and the panel shows what the pool gets', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await openTron(page, tronAccount);
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await pickToken(page, panel(page), 'Estimate token', 'SafeMoney');
  const plan = await planAdd(page, '20');
  const toPool = await big(page, 'tax-SafeMoney');
  expect(toPool).toBeLessThan(plan.amountB);
  const pair = await tronPair('TRX', 'SafeMoney');
  const safeMoney = tokenAddress('TRON', 'SafeMoney');
  const pair0 = await tronTokenBalance(safeMoney, pair);
  const before = await ledger('TRON', owner, ['TRX', 'SafeMoney', pair]);
  await supply(page);
  await expectLanded(before, {
    ...added(plan, pair),
    allowance: [
      { token: 'SafeMoney', spender: exchangeOf('TRON').ROUTER_ADDRESS, amount: MAX_APPROVAL },
    ],
  });
  expect((await tronTokenBalance(safeMoney, pair)) - pair0).toBe(toPool);

  const shown = await planRemoval(page, 'TRX/SafeMoney', '100%');
  await expect(panel(page).getByTestId('tax-SafeMoney')).toContainText('arrives in your wallet');
  const start = await ledger('TRON', owner, ['TRX', 'SafeMoney', pair]);
  await remove(page);
  // What the panel said arrives (after the tax on the way out) is what arrived.
  await expectLanded(start, removed(shown, pair));
  expect(await tronTokenBalance(pair, owner)).toBe(0n);
});

const sentTxs = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
  );
const LIQUIDITY_ROUTER = (id: string) => exchangeOf(id).LIQUIDITY_ROUTER;

test('BSC: add BNB/USDT with MetaMask, approval asked once, remove 25% then 100%', async ({
  page,
  evmAccount: owner,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await openEvm(page, 'BSC', owner);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
  await shot(page, 'bsc-1-list-empty');
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const plan = await planAdd(page, '0.5');
  await shot(page, 'bsc-2-add');
  const pair = await evmPair('BSC', 'BNB', 'USDT');
  const before = await ledger('BSC', owner, ['BNB', 'USDT', pair]);
  await supply(page);
  expect(await sentTxs(page)).toHaveLength(2);
  await expectLanded(before, {
    txs: 2, // USDT approval + the add
    ...added(plan, pair),
    allowance: [{ token: 'USDT', spender: LIQUIDITY_ROUTER('BSC'), amount: MAX_APPROVAL }],
  });
  const item = panel(page).getByRole('listitem', { name: /BNB\/USDT|USDT\/BNB/ });
  await expect(item.getByTestId('pool-tokens')).toHaveAttribute(
    'data-value',
    String(plan.lpTokens),
  );
  await shot(page, 'bsc-1-list-position');
  const name = ((await item.getAttribute('aria-label')) as string).replace(' pool', '');

  // A second add: the USDT allowance is already there, so only the add is sent.
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const again = await planAdd(page, '0.1');
  const second = await ledger('BSC', owner, ['BNB', 'USDT', pair]);
  await supply(page);
  expect(await sentTxs(page)).toHaveLength(3);
  await expectLanded(second, { txs: 1, ...added(again, pair) });

  for (const percent of ['25%', '100%']) {
    const shown = await planRemoval(page, name, percent);
    if (percent === '25%') await shot(page, 'bsc-3-remove');
    // The confirm preview: before the LP tokens' first approval it cannot be
    // simulated and says so; then the exact removal is simulated, with what arrives.
    const preview = panel(page).getByTestId('simulated-result');
    const previewed: Record<string, bigint> = {};
    if (percent === '25%') {
      await expect(preview).toContainText(
        'The result is simulated once the approval is confirmed.',
      );
    } else {
      await expect(preview).toContainText(/^Simulated: [\d.]+ LP tokens leave your wallet, /);
      const arriving = ((await preview.locator('p').first().textContent()) as string).split(
        'wallet, ',
      )[1] as string;
      for (const [, amount, symbol] of arriving.matchAll(/([\d.]+) ([A-Z]+)/g))
        previewed[symbol as string] = units(
          amount as string,
          localNetworks().BSC!.tokens[symbol as string]!.decimals,
        );
      expect(Object.keys(previewed).sort()).toEqual(['BNB', 'USDT']);
    }
    const start = await ledger('BSC', owner, ['BNB', 'USDT', pair]);
    await remove(page);
    // The first removal approves the pool tokens to the liquidity router first.
    const landed = await expectLanded(start, {
      txs: percent === '25%' ? 2 : 1,
      ...removed(shown, pair),
    });
    // what the preview showed (truncated for display) did arrive, at least
    for (const [symbol, amount] of Object.entries(previewed))
      expect(landed.moved[symbol]! + (symbol === 'BNB' ? landed.fees : 0n)).toBeGreaterThanOrEqual(
        amount,
      );
  }
  expect(await evmTokenBalance('BSC', pair, owner)).toBe(0n);
});

test('BSC: a rejection in the wallet moves nothing, nor a node that stops answering; a wallet on another chain is refused; the open add is in the link', async ({
  page,
  evmAccount: owner,
}) => {
  await openEvm(page, 'BSC', owner);
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await planAdd(page, '0.2');
  const before = await ledger('BSC', owner, ['BNB', 'USDT', await evmPair('BSC', 'BNB', 'USDT')]);
  await page.evaluate(() =>
    (window as unknown as { __wallet: { declineNext(m: string): void } }).__wallet.declineNext(
      'eth_sendTransaction',
    ),
  );
  await supplyButton(page).click();
  await expect(
    page.getByText(
      'Error adding liquidity: you rejected the request in your wallet. Nothing was sent.',
    ),
  ).toBeVisible();
  await expectNothingMoved(before);

  // The node stops answering as SUPPLY is pressed: the allowance cannot be read, and it says so.
  const node = localNetworks().BSC!.nodeUrl;
  await page.route(node, (route) => route.abort());
  await supplyButton(page).click();
  await expect(
    page.getByText(
      'Your allowance could not be read, so nothing was sent. Check your connection, then try again.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await page.unroute(node);
  expect(await sentTxs(page)).toHaveLength(0);
  await expectNothingMoved(before);

  await page.evaluate((chainId) => {
    const w = (
      window as unknown as {
        __wallet: { refuseSwitch(r: boolean): void; setChain(c: number): void };
      }
    ).__wallet;
    w.refuseSwitch(true);
    w.setChain(chainId);
  }, localNetworks().ETH!.chainId);
  await supplyButton(page).click();
  await expect(page.getByText(/^Error adding liquidity/).last()).toBeVisible();
  expect(await sentTxs(page)).toHaveLength(0);
  await expectNothingMoved(before);

  // The open add's pair is in the link: a reload opens the add of BNB/USDT again; Back takes it
  // out of the link.
  await expect(page).toHaveURL(/\/\?n=BSC&t=addLiquidity&from=BNB&to=USDT$/);
  await page.reload();
  await expect(panel(page)).toHaveAttribute('data-step', '2');
  await expect(panel(page).locator('[data-token="BNB"]').first()).toBeVisible();
  await expect(panel(page).locator('[data-token="USDT"]').first()).toBeVisible();
  await panel(page).getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/\?n=BSC&t=addLiquidity$/);
});

// The other EVM networks: the default pair added and fully removed, every amount to the unit.
for (const [id, amount] of [
  ['POLY', '20'],
  ['BTTC', '2'],
  ['ETH', '0.05'],
] as const) {
  test(`${id}: add the default pair and remove it all, to the base unit`, async ({
    page,
    evmAccount: owner,
  }) => {
    await openEvm(page, id, owner);
    await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    const plan = await planAdd(page, amount);
    // What was typed is what leaves the wallet, to the unit (the ledger below checks the chain).
    expect(plan.amountA).toBe(
      parseUnits(amount, localNetworks()[id]!.tokens[plan.symbolA]!.decimals),
    );
    const pair = await evmPair(id, plan.symbolA, plan.symbolB);
    const before = await ledger(id, owner, [plan.symbolA, plan.symbolB, pair]);
    await supply(page);
    await expectLanded(before, added(plan, pair));
    const item = panel(page).getByRole('listitem', { name: /pool$/ }).first();
    const name = ((await item.getAttribute('aria-label')) as string).replace(' pool', '');
    const shown = await planRemoval(page, name, '100%');
    expect(shown.lp).toBe(plan.lpTokens);
    const start = await ledger(id, owner, [plan.symbolA, plan.symbolB, pair]);
    await remove(page);
    await expectLanded(start, removed(shown, pair));
    expect(await evmTokenBalance(id, pair, owner)).toBe(0n);
  });
}
