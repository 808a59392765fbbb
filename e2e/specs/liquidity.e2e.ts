/**
 * The liquidity panel on the local stack, wallets injected as extensions inject them. Every
 * figure the panel promises (pool tokens, what reaches the pool, what comes back) is compared with
 * what the chain did, to the base unit.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { devAccount, evmBalance, evmRpcUrls, gasCost, localNetworks } from '../fixtures/chain';
import { setResources, tronAddress, tronBalance, withTronLink } from '../fixtures/tron';
import {
  evmPair,
  evmTokenBalance,
  tokenAddress,
  tronPair,
  tronTokenBalance,
} from './liquidity.chain';
import { connectFromHeader } from '../fixtures/connect';

const SHOTS = '/tmp/liquidity-shots';
mkdirSync(SHOTS, { recursive: true });
const PLENTY_OF_ENERGY = 50_000_000;

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
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openTron(page: Page, account: number) {
  await setResources(tronAddress(account), PLENTY_OF_ENERGY);
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

/** Fills the first amount, waits for the plan, and returns what SUPPLY will send and mint. */
async function planAdd(page: Page, amount: string) {
  await first(page).fill(amount);
  await expect(supplyButton(page)).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  const attr = async (name: string) =>
    BigInt((await supplyButton(page).getAttribute(name)) as string);
  return {
    amountA: await attr('data-amount-a'),
    amountB: await attr('data-amount-b'),
    lpTokens: await attr('data-lp-tokens'),
  };
}

async function supply(page: Page) {
  await supplyButton(page).click();
  // Back to step 1 only after the send went through (an earlier toast may still be showing).
  await expect(panel(page)).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  await expect(page.getByText('Liquidity added').first()).toBeVisible();
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
}

test('TRON: add TRX/JM with TronLink (JM tax-free), then remove 25% and 100%, to the base unit', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const owner = tronAddress(8);
  await openTron(page, 8);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
  await shot(page, 'tron-1-list-empty');

  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const plan = await planAdd(page, '100');
  await expect(
    panel(page).getByText('JM (3% tax): adding and removing liquidity is tax-free.'),
  ).toBeVisible();
  await shot(page, 'tron-2-add');
  const pair = await tronPair('TRX', 'JM');
  const before = {
    trx: await tronBalance('TRX', owner),
    jm: await tronBalance('JM', owner),
    pairJm: await tronTokenBalance(tokenAddress('TRON', 'JM'), pair),
    lp: await tronTokenBalance(pair, owner),
  };
  await supply(page);
  const jmLeft = before.jm - (await tronBalance('JM', owner));
  expect(before.trx - (await tronBalance('TRX', owner))).toBe(plan.amountA);
  expect(jmLeft).toBe(plan.amountB);
  // Through the liquidity router the pair receives every JM that left the wallet.
  expect((await tronTokenBalance(tokenAddress('TRON', 'JM'), pair)) - before.pairJm).toBe(jmLeft);
  const lp = (await tronTokenBalance(pair, owner)) - before.lp;
  expect(lp).toBe(plan.lpTokens);
  const item = panel(page).getByRole('listitem', { name: 'TRX/JM pool' });
  await expect(item.getByTestId('pool-tokens')).toHaveAttribute('data-value', String(lp));
  await shot(page, 'tron-1-list-position');

  for (const percent of ['25%', '100%']) {
    const shown = await planRemoval(page, 'TRX/JM', percent);
    if (percent === '25%') await shot(page, 'tron-3-remove');
    const trx0 = await tronBalance('TRX', owner);
    const jm0 = await tronBalance('JM', owner);
    const pairJm0 = await tronTokenBalance(tokenAddress('TRON', 'JM'), pair);
    await remove(page);
    const got = {
      TRX: (await tronBalance('TRX', owner)) - trx0,
      JM: (await tronBalance('JM', owner)) - jm0,
    } as Record<string, bigint>;
    expect(got[shown.a.symbol]).toBe(shown.a.amount);
    expect(got[shown.b.symbol]).toBe(shown.b.amount);
    // No tax on the way out either: what the pair sent is what arrived.
    expect(pairJm0 - (await tronTokenBalance(tokenAddress('TRON', 'JM'), pair))).toBe(got.JM);
  }
  expect(await tronTokenBalance(pair, owner)).toBe(0n);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
});

test('TRON: SafeMoney (10%) goes through the normal router and the panel shows what the pool gets', async ({
  page,
}) => {
  const owner = tronAddress(9);
  await openTron(page, 9);
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await panel(page).getByRole('combobox', { name: 'Estimate token' }).selectOption('SafeMoney');
  const plan = await planAdd(page, '20');
  const toPool = await big(page, 'tax-SafeMoney');
  expect(toPool).toBeLessThan(plan.amountB);
  const pair = await tronPair('TRX', 'SafeMoney');
  const safeMoney = tokenAddress('TRON', 'SafeMoney');
  const pair0 = await tronTokenBalance(safeMoney, pair);
  const wallet0 = await tronBalance('SafeMoney', owner);
  const lp0 = await tronTokenBalance(pair, owner);
  await supply(page);
  expect(wallet0 - (await tronBalance('SafeMoney', owner))).toBe(plan.amountB);
  expect((await tronTokenBalance(safeMoney, pair)) - pair0).toBe(toPool);
  expect((await tronTokenBalance(pair, owner)) - lp0).toBe(plan.lpTokens);

  const shown = await planRemoval(page, 'TRX/SafeMoney', '100%');
  await expect(panel(page).getByTestId('tax-SafeMoney')).toContainText('arrives in your wallet');
  const back0 = await tronBalance('SafeMoney', owner);
  await remove(page);
  const side = shown.a.symbol === 'SafeMoney' ? shown.a : shown.b;
  expect((await tronBalance('SafeMoney', owner)) - back0).toBe(side.amount);
});

const sentTxs = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
  );

test('BSC: add BNB/USDT with MetaMask, approval asked once, remove 25% then 100%', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const owner = devAccount(8);
  await openEvm(page, 'BSC', owner);
  await expect(panel(page).getByText('No liquidity')).toBeVisible();
  await shot(page, 'bsc-1-list-empty');
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const plan = await planAdd(page, '0.5');
  await shot(page, 'bsc-2-add');
  const pair = await evmPair('BSC', 'BNB', 'USDT');
  const bnb0 = await evmBalance('BSC', 'BNB', owner);
  const usdt0 = await evmBalance('BSC', 'USDT', owner);
  await supply(page);
  const txs = await sentTxs(page);
  expect(txs).toHaveLength(2); // USDT approval + the add
  let gas = 0n;
  for (const hash of txs) gas += await gasCost('BSC', hash);
  expect(bnb0 - (await evmBalance('BSC', 'BNB', owner)) - gas).toBe(plan.amountA);
  expect(usdt0 - (await evmBalance('BSC', 'USDT', owner))).toBe(plan.amountB);
  const lp = await evmTokenBalance('BSC', pair, owner);
  expect(lp).toBe(plan.lpTokens);
  const item = panel(page).getByRole('listitem', { name: /BNB\/USDT|USDT\/BNB/ });
  await expect(item.getByTestId('pool-tokens')).toHaveAttribute('data-value', String(lp));
  await shot(page, 'bsc-1-list-position');
  const name = ((await item.getAttribute('aria-label')) as string).replace(' pool', '');

  // A second add: the USDT allowance is already there, so only the add is sent.
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  const again = await planAdd(page, '0.1');
  const lp1 = await evmTokenBalance('BSC', pair, owner);
  await supply(page);
  expect(await sentTxs(page)).toHaveLength(3);
  expect((await evmTokenBalance('BSC', pair, owner)) - lp1).toBe(again.lpTokens);

  for (const percent of ['25%', '100%']) {
    const shown = await planRemoval(page, name, percent);
    if (percent === '25%') await shot(page, 'bsc-3-remove');
    // The confirm preview (issue #23): before the LP tokens' first approval it cannot be
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
    const n0 = (await sentTxs(page)).length;
    const b0 = {
      BNB: await evmBalance('BSC', 'BNB', owner),
      USDT: await evmBalance('BSC', 'USDT', owner),
    } as Record<string, bigint>;
    await remove(page);
    const hashes = (await sentTxs(page)).slice(n0);
    let fee = 0n;
    for (const hash of hashes) fee += await gasCost('BSC', hash);
    const got = {
      BNB: (await evmBalance('BSC', 'BNB', owner)) - b0.BNB! + fee,
      USDT: (await evmBalance('BSC', 'USDT', owner)) - b0.USDT!,
    } as Record<string, bigint>;
    expect(got[shown.a.symbol]).toBe(shown.a.amount);
    expect(got[shown.b.symbol]).toBe(shown.b.amount);
    // what the preview showed (truncated for display) did arrive, at least
    for (const [symbol, amount] of Object.entries(previewed))
      expect(got[symbol]).toBeGreaterThanOrEqual(amount);
  }
  expect(await evmTokenBalance('BSC', pair, owner)).toBe(0n);
});

test('BSC: a rejection in the wallet moves nothing; a wallet on another chain is refused', async ({
  page,
}) => {
  const owner = devAccount(9);
  await openEvm(page, 'BSC', owner);
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await planAdd(page, '0.2');
  const bnb0 = await evmBalance('BSC', 'BNB', owner);
  const usdt0 = await evmBalance('BSC', 'USDT', owner);
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
  expect(await evmBalance('BSC', 'BNB', owner)).toBe(bnb0);
  expect(await evmBalance('BSC', 'USDT', owner)).toBe(usdt0);

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
  expect(await evmBalance('BSC', 'USDT', owner)).toBe(usdt0);
});

// The other EVM networks: the default pair added and fully removed, the pool tokens to the unit.
for (const [id, amount] of [
  ['POLY', '20'],
  ['BTTC', '2'],
  ['ETH', '0.05'],
] as const) {
  test(`${id}: add the default pair and remove it all, pool tokens as shown`, async ({ page }) => {
    const owner = devAccount(8);
    const [symbolA, symbolB] = (localNetworks()[id] as unknown as { defaultTokens: string[] })
      .defaultTokens as [string, string];
    await openEvm(page, id, owner);
    await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    const plan = await planAdd(page, amount);
    const pair = await evmPair(id, symbolA, symbolB);
    const lp0 = await evmTokenBalance(id, pair, owner);
    await supply(page);
    expect((await evmTokenBalance(id, pair, owner)) - lp0).toBe(plan.lpTokens);
    const item = panel(page).getByRole('listitem', { name: /pool$/ }).first();
    const name = ((await item.getAttribute('aria-label')) as string).replace(' pool', '');
    await planRemoval(page, name, '100%');
    await remove(page);
    expect(await evmTokenBalance(id, pair, owner)).toBe(lp0);
  });
}
