/**
 * Swap hardening as an attacker and a careless user would meet it: a token that calls itself
 * USDT, a link that sets the slippage, a double click on SWAP with a slow wallet, MAX on BTTC.
 */
import type { Page } from '@playwright/test';
import { Contract, ContractFactory, JsonRpcProvider } from 'ethers';
import { deployed, loadArtifact, mined } from '@jmswap/devnet';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { expectLanded, ledger } from '../fixtures/landed';

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const FACTORY = [
  'function getPair(address,address) view returns (address)',
  'function createPair(address,address) returns (address)',
];
const PAIR = [
  'function mint(address) returns (uint256)',
  'function getReserves() view returns (uint112,uint112,uint32)',
  'function token0() view returns (address)',
];

const quoteOf = async (page: Page, name: 'data-quote-in' | 'data-quote-out') =>
  BigInt((await swapBox(page).getAttribute(name)) as string);

/** BNB -> USDT over one pool, the router's 0.3% fee: what the real pool gives. */
async function realQuote(amountIn: bigint): Promise<bigint> {
  const bsc = localNetworks().BSC!;
  const provider = new JsonRpcProvider(bsc.nodeUrl, undefined, { staticNetwork: true });
  try {
    const exchange = (bsc as unknown as { exchange: { FACTORY_ADDRESS: string } }).exchange;
    const factory = new Contract(exchange.FACTORY_ADDRESS, FACTORY, provider);
    const [wbnb, usdt] = [bsc.tokens.BNB!.address, bsc.tokens.USDT!.address];
    const pair = new Contract(await factory.getFunction('getPair')(wbnb, usdt), PAIR, provider);
    const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    const wbnbFirst = ((await pair.getFunction('token0')()) as string) === wbnb;
    const [rIn, rOut] = wbnbFirst ? [r0, r1] : [r1, r0];
    const withFee = amountIn * 997n;
    return (withFee * rOut) / (rIn * 1000n + withFee);
  } finally {
    provider.destroy();
  }
}

test('a token anyone named "USDT", paired at a dream price: the swap box neither quotes from it nor routes through it', async ({
  page,
  evmAccount: attacker,
}) => {
  const bsc = localNetworks().BSC!;
  const provider = new JsonRpcProvider(bsc.nodeUrl, undefined, { staticNetwork: true });
  try {
    // Anyone: a fresh account (anvil signs for it) deploys its own "USDT" and pools it.
    const signer = await provider.getSigner(attacker);
    const { abi, bytecode } = loadArtifact('TaxedToken');
    const fake = await new ContractFactory(abi as never, bytecode, signer).deploy(
      'Tether USD',
      'USDT',
      18,
      0,
      attacker,
    );
    await deployed(fake);
    const exchange = (bsc as unknown as { exchange: { FACTORY_ADDRESS: string } }).exchange;
    const factory = new Contract(exchange.FACTORY_ADDRESS, FACTORY, signer);
    const [fakeAddress, btcb] = [await fake.getAddress(), bsc.tokens.BTCB!.address];
    await mined(factory.getFunction('createPair')(fakeAddress, btcb));
    const pair = (await factory.getFunction('getPair')(fakeAddress, btcb)) as string;
    // BNB -> BTCB (real) -> "USDT" (fake) would pay a billion times the real price.
    await mined(fake.getFunction('mint')(pair, 10n ** 33n));
    const btcbToken = new Contract(btcb, ['function transfer(address,uint256)'], signer);
    await mined(btcbToken.getFunction('transfer')(pair, 10n ** 15n));
    await mined(new Contract(pair, PAIR, signer).getFunction('mint')(attacker));
  } finally {
    provider.destroy();
  }

  await page.goto('/?n=BSC');
  await expect(swapBox(page).getByRole('button', { name: 'Receive token: USDT' })).toBeVisible();
  await sellField(page).fill('0.5');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await expect(swapBox(page).getByTestId('path')).toHaveText('BNB → USDT');
  const shown = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  expect(shown).toBe(await realQuote(5n * 10n ** 17n));
});

test("a link's ?slippageBps=5000 never sets the slippage: the user's own value stays", async ({
  page,
}) => {
  await page.goto('/?slippageBps=5000');
  const slippage = swapBox(page).getByRole('button', { name: /^Slippage/ });
  await expect(slippage).toHaveText('Slippage 5.00%'); // the default, not the link's 50%
  await slippage.click();
  await swapBox(page).getByRole('button', { name: '1.00%' }).click();
  await page.goto('/?slippageBps=5000');
  await expect(swapBox(page).getByRole('button', { name: /^Slippage/ })).toHaveText(
    'Slippage 1.00%',
  );
});

test('a double click on SWAP with a slow wallet sends one transaction; SWAP stays disabled past the 15 s overlay', async ({
  page,
  evmAccount: owner,
}) => {
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, {
    account: owner,
    chainId: bsc.chainId,
    rpcUrls: evmRpcUrls(),
    sendDelayMs: 17_000,
  });
  // The page's clock, so that the test can let 16 s pass without waiting them (the overlay's
  // 15 s and the wallet's 17 s are the page's own timers).
  await page.clock.install();
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  await sellField(page).fill('0.01'); // BNB: no approval, so one press is one transaction
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const [amountIn, amountOut] = [
    await quoteOf(page, 'data-quote-in'),
    await quoteOf(page, 'data-quote-out'),
  ];
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).dblclick();
  const waiting = swapBox(page).getByRole('button', { name: 'Waiting for your wallet' });
  await expect(waiting).toBeDisabled();
  // The processing overlay hides itself after 15 s; the wallet is still open at 16 s. Once the
  // wallet has the request (its 17 s started), the clock jumps to 16 s after that moment, as for
  // a user who waits (each timer due fires once), and stops there while the button is checked
  // (a clock left running, or a jump counted from when the test noticed the request, gave the
  // wallet its last second back before the check on a loaded machine). The button says
  // "Waiting" from the click, before the app's own reads; a jump made before the wallet had the
  // request left its 17 s to real time.
  const sent = () =>
    page.evaluate(() => (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent());
  await expect.poll(sent).toContain('eth_sendTransaction');
  const asked = await page.evaluate(() =>
    (window as unknown as { __wallet: { sentAt(m: string): number } }).__wallet.sentAt(
      'eth_sendTransaction',
    ),
  );
  await page.clock.pauseAt(asked + 16_000);
  await expect(waiting).toBeDisabled();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toHaveCount(0);
  await page.clock.resume();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  const sends = await sent();
  expect(sends.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
});

test('MAX on BTTC (gas price 1e15 wei) keeps the real gas cost: the swap goes through', async ({
  page,
  evmAccount: owner,
}) => {
  const bttc = localNetworks().BTTC!;
  await injectEvmWallet(page, {
    account: owner,
    chainId: bttc.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto('/?n=BTTC');
  await connectFromHeader(page, 'MetaMask');
  await swapBox(page).getByRole('button', { name: 'Switch direction' }).click(); // sell BTT
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: BTT' })).toBeVisible();
  const before = await ledger('BTTC', owner, ['BTT', 'TRX']);
  await swapBox(page).getByRole('button', { name: 'MAX' }).click();
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const [amountIn, amountOut] = [
    await quoteOf(page, 'data-quote-in'),
    await quoteOf(page, 'data-quote-out'),
  ];
  // MAX keeps back the gas of the swap at BTTC's real price: less than the whole balance.
  expect(amountIn).toBeLessThan(before.balances.BTT!);
  const swapButton = swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
  await swapButton.click();
  const impact = page.getByText(
    'Price impact is very high. Press SWAP again to confirm you accept it.',
  );
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(impact.or(popup)).toBeVisible({ timeout: 30_000 });
  if (await impact.isVisible()) await swapButton.click();
  await expect(popup).toBeVisible({ timeout: 30_000 });
  // The whole amount left and the estimate arrived; the gas on top of it was there to pay.
  await expectLanded(before, { txs: 1, debit: { BTT: amountIn }, credit: { TRX: amountOut } });
});
