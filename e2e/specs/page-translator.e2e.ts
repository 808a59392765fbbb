import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { expectLanded, ledger } from '../fixtures/landed';
import { evmPair } from './liquidity.chain';
import { lostChanges, translatePage, withPageTranslator } from '../fixtures/page-translator';

/**
 * Chrome's page translator swaps the page's text nodes for its own. A text React changes later
 * in place (a reused picker row, a price line's token, a figure's unit) then keeps its old
 * words on screen: a row reading USDT that picks BTCB, "Price of BNB" over KLV's price; and a
 * text React takes out of an element it keeps throws (the swap box crashed mid-swap). Every text
 * that changes is its element's only child (React then writes the element's whole text, which
 * the translator translates again), and a paragraph a state swaps is keyed per state. The
 * translated page must show what the untranslated one shows, after every step.
 */
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const picker = (page: Page) => page.getByTestId('token-picker');
const rows = (page: Page) => picker(page).locator('[role="option"]');

/** The picker's rows as shown: each row's symbol, and the token it picks. */
const shownRows = (page: Page) =>
  rows(page).evaluateAll((options) =>
    options.map((o) => [
      (o.querySelector('.jm-picker-symbol') as HTMLElement).innerText.replace(/\s*⇄$/, ''),
      (o as HTMLElement).dataset.token,
    ]),
  );

/** A BSC page with the translator ready (not yet on) and MetaMask injected for `owner`. */
async function openBsc(page: Page, owner: string, path: string) {
  await withPageTranslator(page);
  await injectEvmWallet(page, {
    account: owner,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto(path);
}

test('BSC, translated by the browser: the picker, the swap box, the header and the charts show the tokens chosen, after every change', async ({
  page,
  evmAccount: owner,
}) => {
  await openBsc(page, owner, '/?n=BSC&from=BNB&to=USDT');
  await expect(swapBox(page).getByTestId('price-from')).toContainText(/\d/);
  await translatePage(page);
  await connectFromHeader(page, 'MetaMask');

  // A search redraws the rows it keeps for other tokens: each says the token it picks.
  await swapBox(page)
    .getByRole('button', { name: /^Receive token: / })
    .click();
  for (const search of ['U', 'B', 'K', '']) {
    await picker(page).getByRole('combobox', { name: 'Search tokens' }).fill(search);
    await expect
      .poll(async () => (await shownRows(page)).every(([symbol, key]) => symbol === key))
      .toBe(true);
  }
  await picker(page).getByRole('combobox', { name: 'Search tokens' }).fill('KLV');
  await picker(page).getByRole('combobox', { name: 'Search tokens' }).press('Enter');

  // The price lines and the swap's details name the token now chosen.
  await expect(swapBox(page).locator('.jm-prices')).toContainText('Price of KLV:');
  await expect(swapBox(page).locator('.jm-prices')).not.toContainText('Price of USDT:');
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.01');
  await expect(swapBox(page).getByTestId('bound')).toContainText(/\d KLV$/);

  // Another network: the header's balance is in its coin.
  await page.getByRole('tab', { name: 'TRON', exact: true }).click();
  await page.getByRole('tab', { name: 'BSC', exact: true }).click();
  await expect(page.getByTestId('wallet-session').locator('.jm-balance')).toContainText(/ BNB$/);

  // The charts page turned round: the current price in the other token.
  await page.goto('/charts?n=BSC');
  await translatePage(page);
  const price = page.locator('[data-figure="price"]');
  await expect(price).toContainText(/\d USDT/);
  await page.getByRole('button', { name: /^Show as / }).click();
  await expect(price).toContainText(/\d BNB/);

  expect(await lostChanges(page)).toEqual([]);
  await expect(page.getByText(/is unavailable/)).toHaveCount(0);
});

test('BSC, translated by the browser: the liquidity popup says "Deposited:" with what went in once the add is confirmed', async ({
  page,
  evmAccount: owner,
}) => {
  await openBsc(page, owner, '/?n=BSC&t=addLiquidity');
  await connectFromHeader(page, 'MetaMask');
  const panel = page.locator('[data-remote="liquidity"]');
  const supply = panel.getByRole('button', { name: 'SUPPLY' });
  await panel.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.01');
  await expect(supply).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  const attr = async (name: string) => BigInt((await supply.getAttribute(name)) as string);
  const amountA = await attr('data-amount-a');
  const amountB = await attr('data-amount-b');
  const lpTokens = await attr('data-lp-tokens');
  const pair = await evmPair('BSC', 'BNB', 'USDT');
  const before = await ledger('BSC', owner, ['BNB', 'USDT', pair]);
  await translatePage(page);
  await supply.click();
  const popup = page.getByRole('dialog', { name: 'ADDING LIQUIDITY' });
  await expect(popup.getByText(/^Pool tokens received: /)).toBeVisible({ timeout: 60_000 });
  await expect(popup.getByTestId('liquidity-amounts')).toHaveText(
    /^Deposited: 0\.01 BNB \+ [\d.]+ USDT$/,
  );
  expect(await lostChanges(page)).toEqual([]);
  await expectLanded(before, {
    txs: 2, // the USDT approval, then the add
    debit: { BNB: amountA, USDT: amountB },
    credit: { [pair]: lpTokens },
  });
});

test('BSC, translated by the browser: a swap that first approves its token goes through, and its popup says what arrived', async ({
  page,
  evmAccount: owner,
}) => {
  await openBsc(page, owner, '/?n=BSC&from=USDT&to=BNB');
  await connectFromHeader(page, 'MetaMask');
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('5');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quoted = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const [sold, bought] = [await quoted('data-quote-in'), await quoted('data-quote-out')];
  const before = await ledger('BSC', owner, ['USDT']);
  await translatePage(page);
  // The approval's "Sent." then the swap's wallet request: the line under the button changes
  // from one to the other (it threw there, and the swap box crashed).
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup.getByTestId('arrived')).toHaveText(/^Arrived in your wallet: [\d.]+ BNB$/, {
    timeout: 60_000,
  });
  expect(await lostChanges(page)).toEqual([]);
  await expectLanded(before, { txs: 2, debit: { USDT: sold }, credit: { BNB: bought } });
});
