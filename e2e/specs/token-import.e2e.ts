import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { deployTokenWithPool } from '@jmswap/devnet';
import { TronWeb } from 'tronweb';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { DEVNET_PORTS, TRON_PORTS } from '../fixtures/stack';
import { setResources, withTronLink } from '../fixtures/tron';
import { closeSendPopup } from '../fixtures/send-popup';

/**
 * Any token, exactly: a token the config does not list, deployed here with its pool as a new
 * project would, is pasted in the token picker by address, shown with the buy and sell tax the
 * chain takes (simulated), imported, and swapped exact in and exact out; what arrives, read on
 * chain, is the estimate to the base unit. A honeypot is flagged and its purchase needs a second
 * press; a token calling itself USDT never takes the listed USDT's place.
 */
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const picker = (page: Page) => page.getByTestId('token-picker');
const BSC_RPC = `http://127.0.0.1:${DEVNET_PORTS.BSC}`;

interface Deployed {
  six: string;
  honey: string;
  fakeUsdt: string;
  five: string;
  meme: string;
}
let tokens: Deployed;

test.beforeAll(async () => {
  const bsc = localNetworks().BSC!;
  const common = {
    rpcUrl: BSC_RPC,
    router: bsc.exchange.ROUTER_ADDRESS,
    factory: bsc.exchange.FACTORY_ADDRESS,
    decimals: 18,
    tokenLiquidity: 1_000_000n * 10n ** 18n,
    baseLiquidity: 100n * 10n ** 18n,
  };
  const six = await deployTokenWithPool({ ...common, name: 'Six Tax', symbol: 'SIX', tax: 6 });
  const honey = await deployTokenWithPool({
    ...common,
    kind: 'honeypot',
    name: 'Sweet Honey',
    symbol: 'HONEY',
  });
  const fakeUsdt = await deployTokenWithPool({ ...common, name: 'Tether USD', symbol: 'USDT' });
  // A meme token: no decimals, a quadrillion units against 1 BNB (1e-15 BNB each), 3% tax.
  const meme = await deployTokenWithPool({
    ...common,
    name: 'Moon Doge Inu',
    symbol: 'MDOGE',
    decimals: 0,
    tax: 3,
    tokenLiquidity: 10n ** 15n,
    baseLiquidity: 10n ** 18n,
  });
  const tron = localNetworks().TRON!;
  const hex = (base58: string) => `0x${TronWeb.address.toHex(base58).slice(2)}`;
  const five = await deployTokenWithPool({
    rpcUrl: `http://127.0.0.1:${TRON_PORTS.anvil}`,
    router: hex(tron.exchange.ROUTER_ADDRESS),
    factory: hex(tron.exchange.FACTORY_ADDRESS),
    name: 'Five Tax',
    symbol: 'FIVE',
    decimals: 6,
    tax: 5,
    tokenLiquidity: 10_000_000n * 10n ** 6n,
    baseLiquidity: 200_000n * 10n ** 6n,
  });
  tokens = {
    six: six.token,
    honey: honey.token,
    fakeUsdt: fakeUsdt.token,
    five: TronWeb.address.fromHex(`41${five.token.slice(2)}`) as string,
    meme: meme.token,
  };
});

/** The BSC swap page (BNB -> USDT) with MetaMask connected for `owner`. */
async function openBscWithMetaMask(page: Page, owner: string) {
  await injectEvmWallet(page, {
    account: owner,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto('/?n=BSC&from=BNB&to=USDT');
  await connectFromHeader(page, 'MetaMask');
}

/** Opens a side's picker, pastes the address and waits for what the chain says. */
async function paste(page: Page, side: 'Sell token' | 'Receive token', address: string) {
  await swapBox(page)
    .getByRole('button', { name: new RegExp(`^${side}: `) })
    .click();
  await picker(page).getByRole('combobox', { name: 'Search tokens' }).fill(address);
  await expect(picker(page).getByTestId('import-card')).toBeVisible({ timeout: 30_000 });
}

async function quote(page: Page): Promise<{ amountIn: bigint; amountOut: bigint }> {
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/, { timeout: 30_000 });
  return {
    amountIn: BigInt((await swapBox(page).getAttribute('data-quote-in')) as string),
    amountOut: BigInt((await swapBox(page).getAttribute('data-quote-out')) as string),
  };
}

async function swapAndWait(page: Page) {
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await closeSendPopup(page);
}

const WARNING =
  "This token is not on JMSwap's list. Anyone can create a token with any name, including copies of real tokens. Check the contract address before you trade.";

test('BSC: a new 6% token pasted by address shows its taxes, is imported, and swaps exactly, in and out', async ({
  page,
  evmAccount: owner,
}) => {
  await openBscWithMetaMask(page, owner);
  // As copied from an explorer: the token page's link, a holder's address after it.
  await paste(
    page,
    'Receive token',
    `https://bscscan.com/token/${tokens.six.toLowerCase()}?a=${owner.toLowerCase()}`,
  );
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText('SIX');
  await expect(card).toContainText('Six Tax');
  await expect(card).toContainText(WARNING);
  await expect(card.getByTestId('import-buy-tax')).toHaveText('6%');
  await expect(card.getByTestId('import-sell-tax')).toHaveText('6%');
  await card.screenshot({ path: test.info().outputPath('import-card.png') });
  await card.getByRole('button', { name: 'Import SIX' }).click();
  await expect(picker(page)).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: SIX 0x/ })).toBeVisible();

  // Exact in: what arrives is the estimate, to the base unit.
  let before = await ledger('BSC', owner, ['BNB', tokens.six]);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.2');
  const exactIn = await quote(page);
  await expect(swapBox(page).getByTestId('path')).toHaveText('BNB → SIX');
  // The confirm step names the token by its symbol, not by the address it is kept under.
  await expect(swapBox(page)).toContainText(
    /Simulated: 0\.2 BNB leaves your wallet, [\d.]+ SIX arrives \(at least [\d.]+ SIX\)\./,
  );
  await swapAndWait(page);
  await expectLanded(before, {
    txs: 1,
    debit: { BNB: exactIn.amountIn },
    credit: { [tokens.six]: exactIn.amountOut },
  });

  // Exact out: exactly the amount typed arrives.
  before = await ledger('BSC', owner, ['BNB', tokens.six]);
  await page.getByRole('textbox', { name: 'Estimate' }).fill('777');
  const exactOut = await quote(page);
  await swapAndWait(page);
  await expectLanded(before, {
    txs: 1,
    debit: { BNB: exactOut.amountIn },
    credit: { [tokens.six]: 777n * 10n ** 18n },
  });
  // Recent transactions name it by its symbol too.
  await page.locator('header').getByRole('button', { name: 'Recent transactions' }).click();
  await expect(page.getByTestId('recent-transactions')).toContainText(/→ 777 SIX/);
  await expect(page.getByTestId('recent-transactions')).not.toContainText(/0x[0-9a-fA-F]{40}/);

  // The import stays for this browser: a reload still knows it, and the URL takes its address.
  await page.goto(`/?n=BSC&from=BNB&to=${tokens.six}`);
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: SIX 0x/ })).toBeVisible();
});

test('TRON: a new 5% token pasted by address is imported and swaps exactly, in and out', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  // As copied from the explorer: the token's page on Tronscan.
  await paste(page, 'Receive token', `https://tronscan.org/#/token20/${tokens.five}`);
  const card = picker(page).getByTestId('import-card');
  await expect(card.getByTestId('import-buy-tax')).toHaveText('5%');
  await expect(card.getByTestId('import-sell-tax')).toHaveText('5%');
  await card.getByRole('button', { name: 'Import FIVE' }).click();
  await expect(picker(page)).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: FIVE T/ })).toBeVisible();

  let before = await ledger('TRON', owner, ['TRX', tokens.five]);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('100');
  const exactIn = await quote(page);
  // The confirm step counts it in its own 6 decimals, by its symbol.
  const arriving =
    `${exactIn.amountOut / 10n ** 6n}.${(exactIn.amountOut % 10n ** 6n).toString().padStart(6, '0')}`.replace(
      /\.?0+$/,
      '',
    );
  await expect(swapBox(page)).toContainText(
    `Simulated: 100 TRX leaves your wallet, ${arriving} FIVE arrives`,
  );
  await swapAndWait(page);
  await expectLanded(before, {
    txs: 1,
    debit: { TRX: exactIn.amountIn },
    credit: { [tokens.five]: exactIn.amountOut },
  });

  before = await ledger('TRON', owner, ['TRX', tokens.five]);
  await page.getByRole('textbox', { name: 'Estimate' }).fill('123.456');
  const exactOut = await quote(page);
  await swapAndWait(page);
  await expectLanded(before, {
    txs: 1,
    debit: { TRX: exactOut.amountIn },
    credit: { [tokens.five]: 123_456_000n },
  });
});

test('BSC: a honeypot is flagged when pasted, and buying it takes a second press of SWAP', async ({
  page,
  evmAccount: owner,
}) => {
  await openBscWithMetaMask(page, owner);
  await paste(page, 'Receive token', tokens.honey);
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText(
    'You may not be able to sell this token: selling it failed in a simulation.',
  );
  await card.getByRole('button', { name: 'Import HONEY' }).click();
  // The page stays inert until the import is stored and the picker closes: typed before that,
  // the amount would go to the picker's search field.
  await expect(picker(page)).toBeHidden();
  await expect(
    swapBox(page).getByRole('button', { name: /^Receive token: HONEY 0x/ }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.1');
  const buy = await quote(page);
  let before = await ledger('BSC', owner, ['BNB', tokens.honey]);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(swapBox(page).getByTestId('honeypot-confirm')).toContainText(
    'Press SWAP again to buy it anyway.',
  );
  await expectNothingMoved(before);
  before = await ledger('BSC', owner, ['BNB', tokens.honey]);
  await swapAndWait(page);
  await expectLanded(before, {
    txs: 1,
    debit: { BNB: buy.amountIn },
    credit: { [tokens.honey]: buy.amountOut },
  });
});

test('BSC: a token named USDT at another address shows its address and the warning, and never replaces the listed USDT', async ({
  page,
}) => {
  await page.goto('/?n=BSC&from=BNB&to=USDT');
  await paste(page, 'Sell token', tokens.fakeUsdt);
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText('USDT');
  await expect(card).toContainText(tokens.fakeUsdt);
  await expect(card).toContainText(WARNING);
  await card.getByRole('button', { name: 'Import USDT' }).click();
  const short = `${tokens.fakeUsdt.slice(0, 6)}…${tokens.fakeUsdt.slice(-4)}`;
  await expect(
    swapBox(page).getByRole('button', { name: `Sell token: USDT ${short}` }),
  ).toBeVisible();
  // The listed USDT is still the receive token, under its own name.
  await expect(swapBox(page).getByRole('button', { name: 'Receive token: USDT' })).toBeVisible();
  // Only the listed USDT is worth a dollar: the copy sold gets no dollar line (it read
  // "≈ $100.00", the real USDT's price, for what is worth a few cents).
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('100');
  await quote(page);
  await expect(swapBox(page).getByTestId('usd-Estimate')).toHaveText(/^≈ \$\d/);
  await expect(swapBox(page).getByTestId('usd-Tokens to swap')).toHaveCount(0);
  // Both are in the picker; the listed one comes first and carries no address.
  await swapBox(page)
    .getByRole('button', { name: /^Receive token: / })
    .click();
  await picker(page).getByRole('combobox').fill('usdt');
  const options = picker(page).getByRole('option');
  await expect(options.first()).toHaveAttribute('data-token', 'USDT');
  await expect(picker(page).locator(`[data-token="${tokens.fakeUsdt}"]`)).toContainText(short);
  await expect(picker(page).locator(`[data-token="${tokens.fakeUsdt}"]`)).toContainText('imported');
  // A link naming the symbol USDT means the listed one.
  await page.goto('/?n=BSC&from=USDT&to=BNB');
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: USDT' })).toBeVisible();
});

test('BSC: a link naming a token this browser does not know opens its import card first', async ({
  page,
}) => {
  const short = `${tokens.fakeUsdt.slice(0, 6)}…${tokens.fakeUsdt.slice(-4)}`;
  await page.goto(`/?n=BSC&from=BNB&to=${tokens.fakeUsdt}`);
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText(WARNING, { timeout: 30_000 });
  await expect(picker(page).getByRole('combobox', { name: 'Search tokens' })).toHaveValue(
    tokens.fakeUsdt,
  );
  // Closed without importing: the box is on the network's defaults, the listed USDT.
  await picker(page).getByRole('button', { name: 'Close' }).click();
  await expect(picker(page)).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: 'Receive token: USDT' })).toBeVisible();
  // Imported from the link: the box receives it, named with its address.
  await page.reload();
  await picker(page)
    .getByTestId('import-card')
    .getByRole('button', { name: 'Import USDT' })
    .click();
  const imported = swapBox(page).getByRole('button', { name: `Receive token: USDT ${short}` });
  await expect(imported).toBeVisible();
  // Known now: the same link opens nothing.
  await page.reload();
  await expect(imported).toBeVisible();
  await expect(picker(page)).toBeHidden();
});

test('BSC: a link to sell a new token for BNB, or to buy one with USDT, keeps the side it names', async ({
  page,
}) => {
  const six = /^Sell token: SIX 0x/;
  await page.goto(`/?n=BSC&from=${tokens.six}&to=BNB`);
  await picker(page).getByTestId('import-card').getByRole('button', { name: 'Import SIX' }).click();
  await expect(swapBox(page).getByRole('button', { name: six })).toBeVisible({ timeout: 30_000 });
  // Not the defaults' USDT, which BNB's place as the default sell side used to leave here.
  await expect(swapBox(page).getByRole('button', { name: 'Receive token: BNB' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/?n=BSC&from=USDT&to=${tokens.six}`);
  await picker(page).getByTestId('import-card').getByRole('button', { name: 'Import SIX' }).click();
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: SIX 0x/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: USDT' })).toBeVisible();
});

test('BSC: a liquidity link naming a token this browser does not know opens the add with its import card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/?n=BSC&t=addLiquidity&from=BNB&to=${tokens.six}`);
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText('Six Tax', { timeout: 30_000 });
  await expect(card.getByTestId('import-sell-tax')).toHaveText('6%');
  await card.getByRole('button', { name: 'Import SIX' }).click();
  const panel = page.locator('[data-remote="liquidity"]');
  await expect(panel.getByRole('button', { name: 'Tokens to swap token: BNB' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Estimate token: SIX 0x/ })).toBeVisible();
  // On a phone the amounts keep room for their digits beside the imported token's wide button.
  for (const name of ['Tokens to swap', 'Estimate'])
    expect((await panel.getByRole('textbox', { name }).boundingBox())!.width).toBeGreaterThan(140);
});

test("BSC: a new token's pair on the pools page leads to the swap box, which asks before importing it", async ({
  page,
}) => {
  await page.goto('/pools?n=BSC');
  await page.getByRole('searchbox', { name: 'Filter by symbol or address' }).fill(tokens.six);
  const others = page.getByRole('region', { name: 'Other pairs on JMSwap' });
  const swap = others.getByRole('link', { name: 'Swap SIX' });
  await expect(swap).toBeVisible({ timeout: 30_000 });
  // Its chart names it as the api read it, and prices it from its reserves.
  await others.getByRole('link', { name: 'BNB/SIX chart' }).click();
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('SIX/BNB');
  await expect(heading).toContainText('BNB per SIX');
  await expect(page.locator('[data-figure="price"]')).toHaveText(/^0\.000\d+ BNB/);
  await page.goBack();
  await swap.click();
  // Sells the base coin, buys the new token: its import card first.
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText('Six Tax', { timeout: 30_000 });
  await expect(card.getByTestId('import-buy-tax')).toHaveText('6%');
  await card.getByRole('button', { name: 'Import SIX' }).click();
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  await expect(swapBox(page).getByRole('button', { name: /^Receive token: SIX 0x/ })).toBeVisible();
});

test("BSC: a meme token's price keeps its digits in the swap box and on its chart page, and its 3% reads 3%", async ({
  page,
}) => {
  await page.goto(`/?n=BSC&from=BNB&to=${tokens.meme}`);
  const card = picker(page).getByTestId('import-card');
  await expect(card).toContainText('Moon Doge Inu', { timeout: 30_000 });
  await expect(card.getByTestId('import-buy-tax')).toHaveText('3%');
  await expect(card.getByTestId('import-sell-tax')).toHaveText('3%');
  await card.getByRole('button', { name: 'Import MDOGE' }).click();
  // 0.000000000000001 BNB: at the box's 8 decimals it read 0.00000000.
  await expect(swapBox(page).getByTestId('price-to')).toHaveText('0.0₁₄1 BNB', {
    timeout: 30_000,
  });
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('0.001');
  await quote(page);
  await expect(swapBox(page).getByText('MDOGE tax')).toBeVisible();
  await expect(swapBox(page).getByTestId('tax-warning')).toHaveCount(0);
  const wbnb = localNetworks().BSC!.tokens.BNB!.address;
  await page.goto(`/charts?n=BSC&symbolA=${wbnb}&symbolB=${tokens.meme}`);
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('MDOGE/BNB 0.0₁₄1 BNB per MDOGE', { timeout: 30_000 });
  await expect(page.locator('[data-figure="price"]')).toHaveText('0.0₁₄1 BNB');
  // The other way round, at 320 px: about a quadrillion MDOGE per BNB reads "980.33T" on one
  // line (its 22 fixed digits broke the heading over two).
  await page.setViewportSize({ width: 320, height: 720 });
  await page.getByRole('button', { name: 'Show as BNB/MDOGE' }).click();
  const price = heading.locator('[data-figure="title-price"]');
  await expect(price).toHaveText(/^(1\.00Q|9\d\d\.\d\dT)$/);
  const size = await price.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect((await price.boundingBox())!.height).toBeLessThan(size * 2);
  await expect(page.locator('[data-figure="price"]')).toHaveText(/^(1\.00Q|9\d\d\.\d\dT) MDOGE$/);
  // In the swap box at 320 px the 5-letter symbol is whole; the address beside it gives way.
  await page.goto(`/?n=BSC&from=BNB&to=${tokens.meme}`);
  const symbol = swapBox(page)
    .getByRole('button', { name: /^Receive token: MDOGE 0x/ })
    .locator('.jm-token-symbol');
  await expect(symbol).toHaveText('MDOGE');
  expect(await symbol.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
});

test('at 320 px a token with a 23-letter symbol is cut or wrapped, never pushed out: the box, picker, liquidity and charts page fit', async ({
  page,
  evmAccount: owner,
}) => {
  const bsc = localNetworks().BSC!;
  const long = await deployTokenWithPool({
    rpcUrl: BSC_RPC,
    router: bsc.exchange.ROUTER_ADDRESS,
    factory: bsc.exchange.FACTORY_ADDRESS,
    decimals: 18,
    name: 'Baby Doge Moon Elon Inu Floki Shiba 2024 Official Token',
    symbol: 'BABYDOGEMOONELONINU2024',
    tokenLiquidity: 10n ** 15n * 10n ** 18n,
    baseLiquidity: 10n ** 18n,
    mintTo: { accounts: [owner], amount: 123_456_789_012_345n * 10n ** 18n },
  });
  await page.setViewportSize({ width: 320, height: 720 });
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await page.goto(`/?n=BSC&from=BNB&to=${long.token}`);
  await picker(page)
    .getByTestId('import-card')
    .getByRole('button', { name: 'Import BABYDOGEMOONELONINU2024' })
    .click();
  await connectFromHeader(page, 'MetaMask');
  const inside = async (inner: Locator, outer: Locator) => {
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    expect(a!.x).toBeGreaterThanOrEqual(b!.x);
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 0.5);
  };
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  // The token's button stays in its field (it pushed the page to 367 px), its symbol in full in
  // its title and its accessible name.
  const button = swapBox(page).getByRole('button', {
    name: /^Receive token: BABYDOGEMOONELONINU2024 0x/,
  });
  await expect(button.locator('.jm-token-symbol')).toHaveAttribute(
    'title',
    'BABYDOGEMOONELONINU2024',
  );
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('0.01');
  await quote(page);
  await inside(button, swapBox(page).locator('.jm-field').nth(1));
  expect(await pageWidth()).toBeLessThanOrEqual(320);
  // In the picker the symbol gives way: the balance beside it is drawn whole, not under it.
  await button.click();
  const row = picker(page).getByRole('option', { name: /BABYDOGEMOONELONINU2024/ });
  const balance = row.locator('.jm-picker-balance');
  await expect(balance).toHaveText('123456789012345');
  const [symbol, figures] = [
    await row.locator('.jm-picker-symbol').boundingBox(),
    await row.locator('.jm-picker-badges').boundingBox(),
  ];
  expect(symbol!.x + symbol!.width).toBeLessThanOrEqual(figures!.x);
  await inside(balance, row);
  await page.keyboard.press('Escape');
  // The liquidity add of the same pair.
  await page.goto(`/?t=addLiquidity&n=BSC&from=BNB&to=${long.token}`);
  const lq = page.locator('[data-remote="liquidity"]');
  await lq.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.001');
  await expect(lq.getByTestId('lp-to-receive')).toHaveAttribute('data-value', /^[1-9]/);
  await inside(
    lq.getByRole('button', { name: /^Estimate token: BABYDOGEMOONELONINU2024/ }),
    lq.locator('.jm-field').nth(1),
  );
  expect(await pageWidth()).toBeLessThanOrEqual(320);
  // Its charts page: the pair's button wraps inside the page (it made it 355 px wide).
  await page.goto(`/charts?n=BSC&symbolA=${long.token}&symbolB=${bsc.tokens.BNB!.address}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('BABYDOGEMOONELONINU2024');
  await expect(page.getByRole('button', { name: /^Pair: / })).toContainText(
    'BABYDOGEMOONELONINU2024/BNB',
  );
  expect(await pageWidth()).toBeLessThanOrEqual(320);
  // Manage imported tokens: the address and Remove stay in the sheet (the symbol squeezed the
  // address to a letter per line and pushed Remove out of sight); Remove forgets the token, and
  // the side that had it takes the default (it kept quoting a token it no longer knew).
  await page.goto(`/?n=BSC&from=${long.token}&to=BNB`);
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('1000');
  await quote(page);
  await swapBox(page)
    .getByRole('button', { name: /^Sell token: / })
    .click();
  await picker(page).getByRole('button', { name: 'Manage imported tokens (1)' }).click();
  const managed = picker(page).getByRole('region', { name: 'Imported tokens' });
  const remove = managed.getByRole('button', {
    name: 'Remove imported token BABYDOGEMOONELONINU2024',
  });
  await expect(managed.locator('code')).toHaveText(long.token);
  const address = await managed.locator('code').boundingBox();
  expect(address!.height).toBeLessThan(40);
  await inside(remove, managed);
  await remove.click();
  await expect(managed.getByText('No imported tokens.')).toBeVisible();
  // The pressed button is gone; the focus stays in the sheet, on Back.
  await expect(managed.getByRole('button', { name: '← Back to the tokens' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: USDT' })).toBeVisible();
  await expect(swapBox(page).getByRole('button', { name: 'Receive token: BNB' })).toBeVisible();
  await expect(swapBox(page).getByRole('textbox', { name: 'Tokens to swap' })).toHaveValue('');
});

test('the picker with the keyboard only, at 320 px: search, arrows, Enter, Escape, focus back, axe', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/?n=BSC&from=BNB&to=USDT');
  const button = swapBox(page).getByRole('button', { name: 'Sell token: BNB' });
  await button.focus();
  await page.keyboard.press('Enter');
  const search = picker(page).getByRole('combobox', { name: 'Search tokens' });
  await expect(search).toBeFocused();
  // A full-screen sheet: the dialog covers the viewport.
  const box = (await picker(page).boundingBox())!;
  expect(box.width).toBe(320);
  // The search field is the picker's own box, not the swap amount's bare line, and its hint
  // reads whole.
  expect(
    await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        border: style.borderTopWidth,
        hintFits: context.measureText(input.placeholder).width <= room,
      };
    }),
  ).toEqual({ border: '1px', hintFits: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="token-picker"]')
    .analyze();
  expect(violations).toEqual([]);
  // Each option reads as words: its symbol, then the direct pair's mark by its name.
  await expect(
    picker(page).locator('[role="option"]:has(.jm-direct)').first(),
  ).toHaveAccessibleName(/^[A-Z]+ Direct pair available \S/);
  await picker(page).screenshot({ path: test.info().outputPath('picker-320.png') });
  await page.keyboard.type('bu');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: BUSD' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker(page)).toBeHidden();
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: BUSD' })).toBeFocused();
});
