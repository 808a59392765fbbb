import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, ledger } from '../fixtures/landed';
import {
  header,
  overflow,
  phone,
  PHONE_SHOTS as SHOTS,
  PHONE_SIZES,
  sidewaysScrollers,
  thumbMisses,
} from '../fixtures/phone';

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
      // Connected, MAX shows too: every control of the box is a thumb's target.
      await expect(swapBox.getByRole('button', { name: 'MAX' })).toBeVisible();
      expect(await thumbMisses(swapBox)).toEqual([]);
      const before = await ledger('BSC', owner, ['BNB', 'USDT']);
      await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.1');
      await expect(swapBox).toHaveAttribute('data-quote-out', /\d+/);
      const quote = async (name: string) => BigInt((await swapBox.getAttribute(name)) as string);
      const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
      expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(size.width);
      // The simulation answers a moment after the quote: SWAP stays where the finger is going.
      const swapButton = swapBox.getByRole('button', { name: 'SWAP', exact: true });
      const quotedAt = await swapButton.boundingBox();
      await expect(swapBox.getByTestId('network-fee')).toBeVisible();
      expect(await swapButton.boundingBox()).toEqual(quotedAt);
      await swapButton.tap();
      const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
      await expect(popup).toBeVisible({ timeout: 30000 });
      await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
      const box = await popup.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: path.join(SHOTS, `${size.width}-funds-on-the-way.png`) });
      const explorer = (await popup.getByRole('link').last().getAttribute('href')) as string;
      await popup.getByRole('button', { name: 'CLOSE' }).tap();
      await expect(popup).toBeHidden();

      // The trade's tables on the phone's width: every column in sight, none scrolling sideways.
      await swapBox.getByRole('button', { name: 'Toggle swap history' }).tap();
      const history = page.getByRole('region', { name: 'Trading History' });
      await expect(history.getByRole('row').nth(1)).toBeVisible();
      expect(await sidewaysScrollers(page)).toEqual([]);
      await history.screenshot({ path: path.join(SHOTS, `${size.width}-trading-history.png`) });
      await header(page).getByRole('button', { name: 'Menu' }).tap();
      await page
        .getByRole('navigation', { name: 'Sub-menu' })
        .getByRole('link', { name: 'Charts' })
        .tap();
      const mine = page.getByRole('region', { name: 'My trades' });
      await expect(mine.locator(`a[href="${explorer}"]`)).toBeVisible({ timeout: 30000 });
      await expect(mine.getByRole('row').nth(1)).toContainText(/BNB.*USDT/);
      expect(await sidewaysScrollers(page)).toEqual([]);
      await mine.screenshot({ path: path.join(SHOTS, `${size.width}-my-trades.png`) });
    });
  });
}
