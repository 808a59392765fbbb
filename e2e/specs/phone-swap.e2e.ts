import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, ledger } from '../fixtures/landed';
import { header, overflow, phone, PHONE_SHOTS as SHOTS, PHONE_SIZES } from '../fixtures/phone';

// A swap on a phone, at an iPhone-sized and the smallest common viewport, touch on (the rest of
// the phone checks, which send nothing, are phone.e2e.ts).
for (const size of PHONE_SIZES) {
  test.describe(`${size.width}x${size.height}`, () => {
    test.use(phone(size));

    test("a BSC swap inside MetaMask's in-app browser goes through to FUNDS ON THE WAY", async ({
      page,
      evmAccount: owner,
    }) => {
      const net = localNetworks().BSC!;
      await injectEvmWallet(page, {
        account: owner,
        chainId: net.chainId,
        rpcUrls: evmRpcUrls(),
      });
      await page.goto('/?n=BSC');
      await header(page).getByRole('button', { name: 'CONNECT WALLET' }).tap();
      await page
        .getByRole('dialog', { name: 'Connect a wallet' })
        .getByRole('button', { name: 'Browser wallet (MetaMask)' })
        .tap();
      await expect(page.getByTestId('wallet-session')).toContainText('Welcome MetaMask');
      const swapBox = page.locator('[data-remote="swap"]');
      const before = await ledger('BSC', owner, ['BNB', 'USDT']);
      await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.1');
      await expect(swapBox).toHaveAttribute('data-quote-out', /\d+/);
      const quote = async (name: string) => BigInt((await swapBox.getAttribute(name)) as string);
      const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
      expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(size.width);
      await swapBox.getByRole('button', { name: 'SWAP', exact: true }).tap();
      const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
      await expect(popup).toBeVisible({ timeout: 30000 });
      await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
      const box = await popup.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: path.join(SHOTS, `${size.width}-funds-on-the-way.png`) });
      await popup.getByRole('button', { name: 'CLOSE' }).tap();
      await expect(popup).toBeHidden();
    });
  });
}
