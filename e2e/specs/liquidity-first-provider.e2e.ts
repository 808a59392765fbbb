/**
 * First provider of a token beyond the config, on BSC: a project deploys a new token (devnet's
 * artifact) that no list holds. The user pastes its address in the liquidity panel's token
 * picker, imports it, creates its pool and supplies it in one flow, sees the position, swaps
 * against the new pool; the api finds the pair the factory created and lists it: the pools page
 * and the charts pair picker show it, its chart and the trade appear. Then the user removes the
 * liquidity.
 */
import { ContractFactory, JsonRpcProvider } from 'ethers';
import { deployed, loadArtifact, mined } from '@jmswap/devnet';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader, expectWalletBack } from '../fixtures/connect';
import { expectLanded, ledger } from '../fixtures/landed';
import { pickToken, tokenPicker } from '../fixtures/picker';
import { evmPair, evmTokenBalance } from './liquidity.chain';
import { closeSendPopup } from '../fixtures/send-popup';

const panel = (page: Page) => page.locator('[data-remote="liquidity"]');
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const E18 = 10n ** 18n;
const NO_PAIR = '0x0000000000000000000000000000000000000000';

async function deployNewToken(owner: string): Promise<string> {
  const provider = new JsonRpcProvider(localNetworks().BSC!.nodeUrl, undefined, {
    staticNetwork: true,
  });
  try {
    const { abi, bytecode } = loadArtifact('TaxedToken');
    // The test's account is impersonated in anvil: the node signs.
    const signer = await provider.getSigner(owner);
    const token = await new ContractFactory(abi as never, bytecode, signer).deploy(
      'Fresh Launch',
      'FRESH',
      18,
      0,
      owner,
    );
    await deployed(token);
    await mined(token.getFunction('mint')(owner, 1_000_000n * E18));
    return await token.getAddress();
  } finally {
    provider.destroy();
  }
}

test('BSC: a token beyond the config, imported by address, gets its first pool from the user; the api lists the new pair, with its chart and trade; the position is removed', async ({
  page,
  evmAccount: owner,
}) => {
  test.setTimeout(240_000);
  const fresh = await deployNewToken(owner);
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BSC&t=addLiquidity');
  await connectFromHeader(page, 'MetaMask');
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();

  // Import by address in the liquidity panel's picker.
  await panel(page)
    .getByRole('button', { name: /^Estimate token: / })
    .click();
  await tokenPicker(page).getByRole('combobox', { name: 'Search tokens' }).fill(fresh);
  const card = tokenPicker(page).getByTestId('import-card');
  await expect(card).toContainText('Fresh Launch', { timeout: 30_000 });
  // No pool yet: nothing to measure a tax by, and the card says why.
  await expect(card).toContainText('could not be measured: it has no pool on JMSwap yet.');
  await card.getByRole('button', { name: 'Import FRESH' }).click();
  await expect(
    panel(page).getByRole('button', { name: /^Estimate token: FRESH 0x/ }),
  ).toBeVisible();

  // First provider: the pool does not exist; SUPPLY creates it and adds in one flow.
  await expect(panel(page).getByText(/You are the first liquidity provider/)).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('2');
  await panel(page).getByRole('textbox', { name: 'Estimate' }).fill('5000');
  await expect(panel(page).getByTestId('share')).toHaveText('100.00%');
  const supply = panel(page).getByRole('button', { name: 'SUPPLY' });
  await expect(supply).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  const lpShown = BigInt((await supply.getAttribute('data-lp-tokens')) as string);
  expect(await evmPair('BSC', 'BNB', fresh)).toBe(NO_PAIR);
  const added = await ledger('BSC', owner, ['BNB', fresh]);
  await supply.click();
  await expect(page.getByText('Liquidity added').first()).toBeVisible({ timeout: 60_000 });
  // Approval of FRESH, createPair, then the add: 2 BNB and 5000 FRESH out.
  await expectLanded(added, { txs: 3, debit: { BNB: 2n * E18, [fresh]: 5000n * E18 } });
  // The send popup (modal) says what was deposited; it is closed before the page goes on.
  const adding = page.getByRole('dialog', { name: 'ADDING LIQUIDITY' });
  await expect(adding.getByRole('status')).toHaveText('Confirmed');
  await expect(adding).toContainText('Deposited: 2 BNB + 5000 FRESH');
  await adding.getByRole('button', { name: 'CLOSE' }).click();
  await expect(adding).toBeHidden();
  const pair = await evmPair('BSC', 'BNB', fresh);
  expect(pair).not.toBe(NO_PAIR);
  expect(await evmTokenBalance('BSC', fresh, pair)).toBe(5000n * E18);
  expect(await evmTokenBalance('BSC', pair, owner)).toBe(lpShown);

  // The position, though the config lists no such pool (the api's pairs, checked on chain).
  await expect(panel(page)).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  const position = panel(page).getByRole('listitem', { name: /^(BNB\/FRESH|FRESH\/BNB) pool$/ });
  await expect(position.getByTestId('pool-tokens')).toHaveAttribute('data-value', String(lpShown), {
    timeout: 30_000,
  });

  // A swap against the new pool: the imported token is known to the swap box too.
  await page.getByRole('tab', { name: 'Swap' }).click();
  await pickToken(page, swapBox(page), 'Receive token', fresh);
  const bought = await ledger('BSC', owner, ['BNB', fresh, pair]);
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('0.1');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/, { timeout: 30_000 });
  const out = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  const sold = BigInt((await swapBox(page).getAttribute('data-quote-in')) as string);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  const href = (await popup.getByTestId('txid').getAttribute('href')) as string;
  await expectLanded(bought, { txs: 1, debit: { BNB: sold }, credit: { [fresh]: out } });
  await closeSendPopup(page);

  // The api found the pair the factory created and indexes its trades: the swap is there.
  const api = (bsc as unknown as { api: { url: string } }).api.url;
  const wbnb = bsc.tokens.BNB!.address;
  const hash = href.slice(href.lastIndexOf('/') + 1).toLowerCase();
  await expect
    .poll(
      async () => {
        const r = await fetch(`${api}/v1/history/bsc/trades/${wbnb}/${fresh}?limit=50`);
        const trades = r.ok ? ((await r.json()) as { hash: string }[]) : [];
        return trades.some((t) => t.hash.toLowerCase().endsWith(hash.replace(/^0x/, '')));
      },
      { timeout: 30_000, message: 'the api indexes the swap on the new pair' },
    )
    .toBe(true);
  // The pools page lists the pair among the exchange's other pairs.
  await page.goto('/pools?n=BSC');
  await page.getByRole('searchbox', { name: 'Filter by symbol or address' }).fill('fresh');
  const others = page.getByRole('region', { name: 'Other pairs on JMSwap' });
  const listed = others.locator(`li[data-pair="${pair.toLowerCase()}"]`);
  await expect(listed).toContainText('FRESH', { timeout: 30_000 });
  // Its token by address (the api writes EVM addresses in lower case).
  await expect(listed).toContainText(`${fresh.slice(0, 6)}…${fresh.slice(-4)}`.toLowerCase());
  // Its chart: the candles of the trade, and the trade among the user's own.
  await listed.getByRole('link', { name: /FRESH chart$/ }).click();
  await expect(page).toHaveURL(/\/charts\?/);
  const candles = page.locator('figure[data-chart="candle"]');
  await expect(candles).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByText('No chart data available')).toHaveCount(0);
  // Named by its tokens' symbols, though the link names it by addresses; quoted per base (BNB).
  await expect(page.getByRole('heading', { level: 2 })).toContainText('FRESH/BNB');
  await expect(page.getByRole('heading', { level: 2 })).toContainText('BNB per FRESH');
  await expectWalletBack(page, 'MetaMask');
  await expect(
    page.getByRole('region', { name: 'My trades' }).locator(`a[href="${href}"]`),
  ).toBeVisible({
    timeout: 30_000,
  });
  // The charts pair picker finds it by the token's symbol.
  await page.getByRole('button', { name: /^Pair: / }).click();
  await page.getByRole('searchbox', { name: 'Search pairs' }).fill('FRESH');
  await expect(page.getByRole('list', { name: 'Pairs' }).getByRole('button')).toContainText([
    /FRESH/,
  ]);

  // Remove it all: both sides come back as the panel says.
  await page.goto('/?n=BSC&t=addLiquidity');
  await expectWalletBack(page, 'MetaMask');
  const item = panel(page).getByRole('listitem', { name: /^(BNB\/FRESH|FRESH\/BNB) pool$/ });
  await item.getByRole('button', { name: /^REMOVE LIQUIDITY / }).click();
  await expect(panel(page).getByTestId('percent')).toHaveText('100%');
  await expect(panel(page).getByTestId('lp-to-remove')).toHaveAttribute('data-value', /^[1-9]\d*$/);
  const side = async (id: string) => ({
    key: (await panel(page).getByTestId(id).getAttribute('data-symbol')) as string,
    amount: BigInt((await panel(page).getByTestId(id).getAttribute('data-value')) as string),
  });
  const [a, b] = [await side('receive-a'), await side('receive-b')];
  const lp = BigInt((await panel(page).getByTestId('lp-to-remove').getAttribute('data-value'))!);
  expect(lp).toBe(lpShown);
  const start = await ledger('BSC', owner, ['BNB', fresh, pair]);
  await panel(page).getByRole('button', { name: 'REMOVE LIQUIDITY', exact: true }).click();
  await expect(page.getByText('Liquidity removed').first()).toBeVisible({ timeout: 60_000 });
  await expectLanded(start, {
    debit: { [pair]: lp },
    credit: { [a.key]: a.amount, [b.key]: b.amount },
  });
  expect(await evmTokenBalance('BSC', pair, owner)).toBe(0n);
});
