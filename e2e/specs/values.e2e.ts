import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { ledger } from '../fixtures/landed';
import { tokenPicker } from '../fixtures/picker';

/**
 * The values people read: the dollar line under each amount and on the price impact, and each
 * held token's in the picker, are the api's USD prices (the charts page's), to the cent; a token
 * without a price has no line.
 */
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const apiUrl = () => (localNetworks().BSC as unknown as { api: { url: string } }).api.url;

/** A JSON number's shortest decimal text as an exact value scaled by 10^18 (no float math). */
function scaled(priceUsd: number): bigint {
  const [mantissa = '0', exponent = '0'] = String(priceUsd).split('e');
  const [int = '0', fraction = ''] = mantissa.split('.');
  const digits = BigInt(int + fraction);
  const shift = 18 + Number(exponent) - fraction.length;
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}

/** An amount (base units) at a USD price, in cents rounded half up: the app's exact rule. */
function cents(amount: bigint, decimals: number, priceUsd: number): bigint {
  const value = (amount * scaled(priceUsd)) / 10n ** BigInt(decimals); // 10^-18 USD
  const unit = 10n ** 16n;
  return (value + unit / 2n) / unit;
}
const dollars = (c: bigint) =>
  `$${(c / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(c % 100n).toString().padStart(2, '0')}`;

const abs = (n: bigint) => (n < 0n ? -n : n);

const units = (text: string, decimals: number) => {
  const [w = '0', f = ''] = text.split('.');
  return BigInt(w + f.padEnd(decimals, '0').slice(0, decimals));
};

test("BSC: the dollar lines under both amounts and the price impact's are the api's prices", async ({
  page,
}, testInfo) => {
  const info = (await (await fetch(`${apiUrl()}/v1/info`)).json()) as {
    networks: { BSC: { tokens: Record<string, { priceUsd: number | null }> } };
  };
  const prices = info.networks.BSC.tokens;
  const bnb = prices.BNB!.priceUsd!;
  const usdt = prices.USDT!.priceUsd!;
  expect(bnb).toBeGreaterThan(100);
  const { tokens } = localNetworks().BSC!;
  await page.goto('/?n=BSC');
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1.5');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);

  const usdIn = cents(units('1.5', 18), tokens.BNB!.decimals, bnb);
  await expect(swapBox(page).getByTestId('usd-Tokens to swap')).toHaveText(`≈ ${dollars(usdIn)}`);
  const received = await page.getByRole('textbox', { name: 'Estimate' }).inputValue();
  const usdOut = cents(units(received, tokens.USDT!.decimals), tokens.USDT!.decimals, usdt);
  // beside it, what the USDT are worth against the BNB: -1.23% is 1.23% less, truncated
  const valueOf = (text: string, decimals: number, price: number) =>
    (units(text, decimals) * scaled(price)) / 10n ** BigInt(decimals);
  const bps =
    ((valueOf(received, tokens.USDT!.decimals, usdt) - valueOf('1.5', 18, bnb)) * 10_000n) /
    valueOf('1.5', 18, bnb);
  const percent = `${bps > 0n ? '+' : bps < 0n ? '-' : ''}${abs(bps) / 100n}.${(abs(bps) % 100n).toString().padStart(2, '0')}%`;
  await expect(swapBox(page).getByTestId('usd-Estimate')).toHaveText(
    `≈ ${dollars(usdOut)} (${percent})`,
  );
  // the impact's dollars: its share of what the 1.5 BNB are worth
  const impact = (await swapBox(page).getByTestId('price-impact').textContent()) ?? '';
  const impactBps = BigInt(Math.round(parseFloat(impact) * 100));
  const valueIn = (units('1.5', 18) * scaled(bnb)) / 10n ** 18n;
  const impactCents = ((valueIn * impactBps) / 10_000n + 5n * 10n ** 15n) / 10n ** 16n;
  await expect(swapBox(page).getByTestId('price-impact-usd')).toHaveText(
    `(-${dollars(impactCents)})`,
  );
  await page.screenshot({ path: testInfo.outputPath('swap-dollars.png') });
});

test('a token without a price has no dollar line; the api away, no line at all (never a guess)', async ({
  page,
}) => {
  // the api answers info without USDT's price
  await page.route('**/v1/info', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as {
      networks: Record<string, { tokens: Record<string, { priceUsd: number | null }> }>;
    };
    body.networks.BSC!.tokens.USDT!.priceUsd = null;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/?n=BSC');
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await expect(swapBox(page).getByTestId('usd-Tokens to swap')).toHaveText(/^≈ \$\d/);
  await expect(swapBox(page).getByTestId('usd-Estimate')).toHaveCount(0);

  await page.unroute('**/v1/info');
  await page.route('**/v1/info', (route) => route.fulfill({ status: 503, json: {} }));
  await page.reload();
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await expect(swapBox(page).getByTestId('usd-Tokens to swap')).toHaveCount(0);
  await expect(swapBox(page).getByTestId('price-impact-usd')).toHaveCount(0);
});

test("BSC: the token picker shows what each held token is worth at the api's prices, the richest first", async ({
  page,
  evmAccount: owner,
}, testInfo) => {
  const info = (await (await fetch(`${apiUrl()}/v1/info`)).json()) as {
    networks: { BSC: { tokens: Record<string, { priceUsd: number | null }> } };
  };
  const prices = info.networks.BSC.tokens;
  const { tokens, chainId } = localNetworks().BSC!;
  await injectEvmWallet(page, { account: owner, chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  const held = await ledger('BSC', owner, ['USDT']);
  await swapBox(page)
    .getByRole('button', { name: /^Receive token: / })
    .click();
  const row = (key: string) => tokenPicker(page).locator(`[data-token="${key}"]`);
  // The wallet's USDT at the api's price, to the cent, under its balance.
  const usdtCents = cents(held.balances.USDT!, tokens.USDT!.decimals, prices.USDT!.priceUsd!);
  await expect(row('USDT').locator('.jm-picker-usd')).toHaveText(dollars(usdtCents));
  const bnbCents = cents(held.balances.BNB!, tokens.BNB!.decimals, prices.BNB!.priceUsd!);
  await expect(row('BNB').locator('.jm-picker-usd')).toHaveText(dollars(bnbCents));
  // The rows with a dollar figure come first, most dollars first.
  const figures = await tokenPicker(page)
    .getByRole('option')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('.jm-picker-usd')?.textContent ?? null));
  const shown = figures.filter((f): f is string => f !== null);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  expect(figures.slice(0, shown.length)).toEqual(shown);
  const cent = (text: string) => BigInt(text.replace(/[$,.]/g, ''));
  for (let i = 1; i < shown.length; i += 1)
    expect(cent(shown[i - 1]!)).toBeGreaterThanOrEqual(cent(shown[i]!));
  await page.screenshot({ path: testInfo.outputPath('picker-dollars.png') });
});
