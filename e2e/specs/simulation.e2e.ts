/**
 * A send is simulated before the wallet opens. A swap whose simulation reverts
 * (another account moved the reserves between quote and send) sends nothing and says why; on
 * TRON the fee shown before sending equals what the devnode burns, within the fee limit's margin
 * (20%), and frozen energy lowers it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type TronAccount } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { buyWithBase, evmRpcUrls, localNetworks } from '../fixtures/chain';
import { freshEvmAccount, send } from '../fixtures/accounts';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { setResources, setTrxBalance, TRON_NODE, withTronLink } from '../fixtures/tron';
import { connectFromHeader } from '../fixtures/connect';
import { startNodeProxy } from '../fixtures/node-proxy';
import { networksFile } from '../fixtures/stack';
import { tronPair } from './liquidity.chain';
import { closeSendPopup } from '../fixtures/send-popup';

const SHOTS = '/tmp/sim/shots';
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const swapButton = (page: Page) => swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
const walletSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wallet: { sent(): unknown[] } }).__wallet.sent());

/**
 * Another account (a fresh one) buys the quote's output token with `amount` of the base coin,
 * straight on chain.
 */
async function movePrice(networkId: string, path: string[], amount: bigint): Promise<void> {
  const mover = await freshEvmAccount();
  await send(localNetworks()[networkId]!.nodeUrl, {
    from: mover,
    ...buyWithBase(networkId, path, mover),
    value: '0x' + amount.toString(16),
  });
}

test('EVM: reserves moved by another account between quote and send: nothing reaches the wallet, and the box says why', async ({
  page,
  evmAccount: owner,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const net = localNetworks().ETH!;
  await injectEvmWallet(page, { account: owner, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=ETH');
  await connectFromHeader(page, 'MetaMask');
  const before = await ledger('ETH', owner, ['ETH', 'USDT']);
  await sellField(page).fill('0.1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  // The confirm step: the exact swap simulated, what leaves the wallet and what arrives, the fee.
  const simulated = swapBox(page).getByTestId('simulated-result');
  await expect(simulated).toContainText(
    /Simulated: 0\.1 ETH leaves your wallet, [\d.]+ \w+ arrives \(at least [\d.]+ \w+\)\./,
  );
  await expect(simulated.getByTestId('network-fee')).toHaveText(
    /^Estimated network fee: [\d.]+ ETH$/,
  );
  await simulated.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/evm-simulated-result-320.png` });
  const path = (await swapBox(page).getByTestId('path').textContent())!.split(' → ');
  // Half the pool's ETH side and more: the price moves far beyond the 5% slippage.
  await movePrice('ETH', path, 50n * 10n ** 18n);
  await swapButton(page).click();
  const failure = swapBox(page).getByTestId('simulation-failure');
  await expect(failure).toHaveText(
    'This swap would fail: the price moved beyond your slippage. Try again or raise slippage.',
  );
  // The wallet was asked for accounts and its chain, never to send.
  expect((await walletSent(page)).filter((m) => /send|sign/i.test(String(m)))).toEqual([]);
  await expectNothingMoved(before);
  // It fits a 320 px phone: no horizontal scroll.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await failure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/evm-simulation-reverted-320.png` });
});

async function openTron(page: Page, account: TronAccount) {
  await withTronLink(page, account);
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
}

const FEE = /^Estimated network fee: (\d+)\.(\d) TRX \(you have (\d+) energy\)$/;

function shownFee(text: string): { sun: bigint; energy: bigint } {
  const m = FEE.exec(text);
  if (!m) throw new Error(`not a fee line: ${text}`);
  return { sun: BigInt(m[1]!) * 1_000_000n + BigInt(m[2]!) * 100_000n, energy: BigInt(m[3]!) };
}

/** The shown fee is within 20% of what was burned (the fee limit's margin). */
function expectNearFee(shown: bigint, burned: bigint) {
  expect(burned).toBeGreaterThan(0n);
  const diff = shown > burned ? shown - burned : burned - shown;
  expect(diff * 100n).toBeLessThanOrEqual(burned * 20n);
}

test('TRON: the network fee shown before the swap equals what is burned (within 20%); frozen energy lowers it', async ({
  page,
  tronAccount,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const owner = tronAccount.address;
  await setTrxBalance(owner, 20_000n * 1_000_000n);
  await setResources(owner, 0); // no staked energy, staked bandwidth
  await openTron(page, tronAccount);
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('100');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
  const line = swapBox(page).getByTestId('network-fee');
  await expect(line).toHaveText(FEE);
  const shown = shownFee((await line.textContent())!);
  expect(shown.energy).toBe(0n);
  // The line re-renders with each quote refresh: scroll to whichever one is attached.
  await expect(() => line.scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await page.screenshot({ path: `${SHOTS}/tron-fee-320.png` });

  await swapButton(page).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30_000 });
  const href = (await popup.getByRole('link').getAttribute('href'))!;
  // The burned fee is on top of the 100 TRX sold.
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { TRX: amountIn },
    credit: { JM: amountOut },
  });
  expect(landed.txs[0]!.hash).toBe(href.slice(-64));
  expectNearFee(shown.sun, landed.fees);
  await closeSendPopup(page);

  // Frozen energy: the same swap shows a lower fee (none burned for energy).
  await setResources(owner, 50_000_000);
  await sellField(page).fill('101');
  await expect(line).toHaveText(/\(you have 50000000 energy\)$/);
  expect(shownFee((await line.textContent())!).sun).toBeLessThan(shown.sun);
});

test('TRON: the liquidity panel shows the add it will send, simulated, and its network fee equals what is burned (within 20%)', async ({
  page,
  tronAccount,
}) => {
  // Three TRON sends, each confirmed through the app's receipt polling: slower than one swap.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 900 });
  const owner = tronAccount.address;
  await setTrxBalance(owner, 20_000n * 1_000_000n);
  // The first add approves JM (the preview needs the approval in place), with energy to spare.
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON&t=addLiquidity');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'TronLink' })
    .click();
  const panel = page.locator('[data-remote="liquidity"]');
  const supply = panel.getByRole('button', { name: 'SUPPLY' });
  /** Opens the add step with 10 TRX and returns what SUPPLY will send and mint. */
  const add = async () => {
    await panel.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Tokens to swap' }).fill('10');
    await expect(supply).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
    const attr = async (name: string) => BigInt((await supply.getAttribute(name)) as string);
    return {
      TRX: await attr('data-amount-a'),
      JM: await attr('data-amount-b'),
      lp: await attr('data-lp-tokens'),
    };
  };
  const pair = await tronPair('TRX', 'JM');
  let before = await ledger('TRON', owner, ['TRX', 'JM', pair]);
  let plan = await add();
  await supply.click();
  await expect(panel).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  await expectLanded(before, {
    txs: 2, // the JM approval, then the add
    debit: { TRX: plan.TRX, JM: plan.JM },
    credit: { [pair]: plan.lp },
  });
  await closeSendPopup(page, 'ADDING LIQUIDITY');

  await setResources(owner, 0);
  before = await ledger('TRON', owner, ['TRX', 'JM', pair]);
  plan = await add();
  // The position the first add made is listed above SUPPLY once the positions are read again
  // (1 s after that add, then their pages: longer on a busy machine than this test's clicks).
  await expect(
    panel.getByRole('list', { name: 'Your pool' }).getByRole('listitem', { name: 'TRX/JM pool' }),
  ).toBeVisible({ timeout: 30_000 });
  // The simulation answers a moment after the amounts: SUPPLY stays where the finger is going.
  const supplyAt = await supply.boundingBox();
  const preview = panel.getByTestId('simulated-result');
  await expect(preview).toContainText(
    // The router takes what the pool's price needs of the 10 TRX sent (and refunds the rest).
    /^Simulated: (10|9\.9\d*) TRX and [\d.]+ JM leave your wallet, 0?\.?\d*[1-9]\d* LP tokens arrive\./,
  );
  const line = preview.getByTestId('network-fee');
  await expect(line).toHaveText(FEE);
  expect(await supply.boundingBox()).toEqual(supplyAt);
  const shown = shownFee((await line.textContent())!);
  expect(shown.energy).toBe(0n);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tron-liquidity-preview-320.png` });
  await supply.click();
  await expect(panel).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { TRX: plan.TRX, JM: plan.JM },
    credit: { [pair]: plan.lp },
  });
  // The add's id, from the recent transactions this site keeps for the account.
  const txid = await page.evaluate((account) => {
    const raw = localStorage.getItem(`jmswap:recent-transactions:TRON:${account}`) ?? '[]';
    const parsed = JSON.parse(raw) as unknown;
    const items = (Array.isArray(parsed) ? parsed : (parsed as { items: unknown[] }).items) as {
      hash: string;
      kind: string;
    }[];
    return items.find((t) => t.kind === 'Add liquidity')?.hash;
  }, owner);
  expect(landed.txs[0]!.hash).toBe(txid);
  expectNearFee(shown.sun, landed.fees);
});

test('TRON: when the swap cannot be simulated (the node fails it) nothing is sent: the reason and Retry; Retry sends it once the node answers', async ({
  page,
  tronAccount,
}) => {
  test.setTimeout(120_000);
  const original = readFileSync(networksFile(), 'utf8');
  let failing = false;
  // The list's one node fails the router's swap calls (the simulation) while `failing`; every
  // other read (quotes, balances) goes through.
  const node = await startNodeProxy(TRON_NODE, {
    refuse: ({ path, body }) =>
      failing &&
      path.endsWith('/triggerconstantcontract') &&
      String((body as { function_selector?: string }).function_selector).startsWith('swap')
        ? 500
        : undefined,
  });
  try {
    const config = JSON.parse(original);
    config.networks.TRON.nodeUrls = [node.url];
    writeFileSync(networksFile(), JSON.stringify(config, null, 2) + '\n');
    const owner = tronAccount.address;
    await setResources(owner, 50_000_000);
    await openTron(page, tronAccount);
    const before = await ledger('TRON', owner, ['TRX', 'JM']);
    await sellField(page).fill('50');
    await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);

    failing = true;
    await swapButton(page).click();
    const failure = swapBox(page).getByTestId('simulation-failure');
    await expect(failure).toContainText(
      'This swap was not sent: it could not be simulated, the network did not answer in time. Retry when it answers.',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeHidden();
    await expectNothingMoved(before);
    await failure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('tron-not-simulated.png') });
    // As a phone in the dark theme sees it (a look, not an assertion).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await failure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('tron-not-simulated-375-dark.png') });

    // The node answers again: Retry simulates and sends.
    failing = false;
    const quote = async (name: string) =>
      BigInt((await swapBox(page).getAttribute(name)) as string);
    const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
      timeout: 30_000,
    });
    await expectLanded(before, { txs: 1, debit: { TRX: amountIn }, credit: { JM: amountOut } });
  } finally {
    writeFileSync(networksFile(), original);
    await node.close();
  }
});
