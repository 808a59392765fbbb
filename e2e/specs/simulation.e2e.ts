/**
 * Issue #23: a send is simulated before the wallet opens. A swap whose simulation reverts
 * (another account moved the reserves between quote and send) sends nothing and says why; on
 * TRON the fee shown before sending equals what the devnode burns, within the fee limit's margin
 * (20%), and frozen energy lowers it.
 */
import { expect, test, type Page } from '@playwright/test';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { ANVIL_KEYS } from '@jmswap/devnet';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { devAccount, evmRpcUrls, localNetworks } from '../fixtures/chain';
import {
  setResources,
  setTrxBalance,
  tronAddress,
  TRON_NODE,
  withTronLink,
} from '../fixtures/tron';
import { connectFromHeader } from '../fixtures/connect';

const SHOTS = '/tmp/sim/shots';
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const swapButton = (page: Page) => swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
const walletSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wallet: { sent(): unknown[] } }).__wallet.sent());

type Exchange = { exchange: { ROUTER_ADDRESS: string } };

/** Another account buys the quote's output token with `amount` of the base coin, straight on chain. */
async function movePrice(networkId: string, path: string[], amount: bigint): Promise<void> {
  const net = localNetworks()[networkId]! as ReturnType<typeof localNetworks>[string] & Exchange;
  const provider = new JsonRpcProvider(net.nodeUrl, undefined, { staticNetwork: true });
  try {
    const mover = new Wallet(ANVIL_KEYS[0] as string, provider);
    const router = new Contract(
      net.exchange.ROUTER_ADDRESS,
      [
        'function swapExactBaseForTokens(uint256,address[],bytes32[],address,uint256) payable returns (uint256[])',
      ],
      mover,
    );
    const addresses = path.map((s) => net.tokens[s]!.address);
    const taxes = path.map(() => '0x' + '0'.repeat(64));
    const deadline = Math.floor(Date.now() / 1000) + 600;
    const tx = await router.getFunction('swapExactBaseForTokens')(
      0n,
      addresses,
      taxes,
      mover.address,
      deadline,
      { value: amount },
    );
    await tx.wait();
  } finally {
    provider.destroy();
  }
}

test('EVM: reserves moved by another account between quote and send: nothing reaches the wallet, and the box says why', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const net = localNetworks().ETH!;
  await injectEvmWallet(page, {
    account: devAccount(2),
    chainId: net.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto('/?n=ETH');
  await connectFromHeader(page, 'MetaMask');
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
  // It fits a 320 px phone: no horizontal scroll.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await failure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/evm-simulation-reverted-320.png` });
});

async function openTron(page: Page, account: number) {
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

async function burned(txid: string): Promise<bigint> {
  const res = await fetch(`${TRON_NODE}/wallet/gettransactioninfobyid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: txid }),
  });
  return BigInt(((await res.json()) as { fee?: number }).fee ?? 0);
}

test('TRON: the network fee shown before the swap equals what is burned (within 20%); frozen energy lowers it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const owner = tronAddress(7);
  await setTrxBalance(owner, 20_000n * 1_000_000n);
  await setResources(owner, 0); // no staked energy, staked bandwidth
  await openTron(page, 7);
  await sellField(page).fill('100');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const line = swapBox(page).getByTestId('network-fee');
  await expect(line).toHaveText(FEE);
  const shown = shownFee((await line.textContent())!);
  expect(shown.energy).toBe(0n);
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tron-fee-320.png` });

  await swapButton(page).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30_000 });
  const href = (await popup.getByRole('link').getAttribute('href'))!;
  const fee = await burned(href.slice(-64));
  expect(fee).toBeGreaterThan(0n);
  const diff = shown.sun > fee ? shown.sun - fee : fee - shown.sun;
  expect(diff * 100n).toBeLessThanOrEqual(fee * 20n);
  await popup.getByRole('button', { name: 'CLOSE' }).click();

  // Frozen energy: the same swap shows a lower fee (none burned for energy).
  await setResources(owner, 50_000_000);
  await sellField(page).fill('101');
  await expect(line).toHaveText(/\(you have 50000000 energy\)$/);
  expect(shownFee((await line.textContent())!).sun).toBeLessThan(shown.sun);
});

test('TRON: the liquidity panel shows the add it will send, simulated, and its network fee equals what is burned (within 20%)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const owner = tronAddress(7);
  await setTrxBalance(owner, 20_000n * 1_000_000n);
  // JM from the swaps of the test before. The first add approves JM (the preview needs the
  // approval in place), with energy to spare.
  await setResources(owner, 50_000_000);
  await withTronLink(page, 7);
  await page.goto('/?n=TRON&t=addLiquidity');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'TronLink' })
    .click();
  const panel = page.locator('[data-remote="liquidity"]');
  const supply = panel.getByRole('button', { name: 'SUPPLY' });
  const add = async () => {
    await panel.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Tokens to swap' }).fill('10');
    await expect(supply).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  };
  await add();
  await supply.click();
  await expect(panel).toHaveAttribute('data-step', '1', { timeout: 60_000 });

  await setResources(owner, 0);
  await add();
  const preview = panel.getByTestId('simulated-result');
  await expect(preview).toContainText(
    // The router takes what the pool's price needs of the 10 TRX sent (and refunds the rest).
    /^Simulated: (10|9\.9\d*) TRX and [\d.]+ JM leave your wallet, 0?\.?\d*[1-9]\d* LP tokens arrive\./,
  );
  const line = preview.getByTestId('network-fee');
  await expect(line).toHaveText(FEE);
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
  const fee = await burned(txid!);
  expect(fee).toBeGreaterThan(0n);
  const diff = shown.sun > fee ? shown.sun - fee : fee - shown.sun;
  expect(diff * 100n).toBeLessThanOrEqual(fee * 20n);
});
