import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { expectLanded, ledger } from '../fixtures/landed';

/**
 * KLV on BSC is configured at 0% but its owner raised the tax to 4% on chain after
 * the devnet seeded it. The swap box detects the tax the chain takes, shows it with a warning,
 * and its estimate is exactly what arrives.
 */
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');

test('BSC: a token whose tax changed on chain shows the detected tax, and the swap delivers exactly the estimate', async ({
  page,
  evmAccount: owner,
}) => {
  await injectEvmWallet(page, {
    account: owner,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/?n=BSC&from=BNB&to=KLV');
  await connectFromHeader(page, 'MetaMask');

  const before = await ledger('BSC', owner, ['BNB', 'KLV']);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.2');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const estimate = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  const sold = BigInt((await swapBox(page).getAttribute('data-quote-in')) as string);

  const details = swapBox(page).getByRole('definition').filter({ hasText: 'on every transfer' });
  await expect(details).toHaveText('4% on every transfer');
  await expect(swapBox(page).getByTestId('tax-warning')).toHaveText(
    'KLV now takes 4% on every transfer, not the 0% listed for it. The estimate uses 4%.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await swapBox(page).screenshot({ path: test.info().outputPath('tax-line-320.png') });

  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30000,
  });
  await expectLanded(before, { txs: 1, debit: { BNB: sold }, credit: { KLV: estimate } });
});
