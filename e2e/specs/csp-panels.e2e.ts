/**
 * The wallet panels (Recent transactions, Approvals) opened under the page's
 * Content-Security-Policy in both themes and at 1280 and 375 px: not one violation, and drawn by
 * the site's stylesheet (an inline <style> would be refused). It swaps once (the approval and the
 * swap fill both panels), so it runs with the trading specs; every other panel and dialog is
 * csp-walk.e2e.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectSiteDrawn, switchTheme, watchPolicy } from '../fixtures/csp';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { expectLanded, ledger } from '../fixtures/landed';
import { closeSendPopup } from '../fixtures/send-popup';

test('the wallet panels opened in both themes and at 1280 and 375 px, after a swap: no CSP violation, and styled', async ({
  page,
  evmAccount: owner,
}) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(30_000); // a control that is not there fails its step, not the walk's 5 min
  const info = test.info();
  const { clean, checked } = await watchPolicy(page);
  const poly = localNetworks().POLY!;
  await injectEvmWallet(page, { account: owner, chainId: poly.chainId, rpcUrls: evmRpcUrls() });
  const shot = async (name: string, target = page.locator('body')) => {
    const path = info.outputPath(`${name}.png`);
    await target.screenshot({ path });
    await info.attach(`${name}.png`, { path, contentType: 'image/png' });
  };
  const theme = (wanted: 'light' | 'dark') => switchTheme(page, wanted);
  // Every control in view is drawn by the site's stylesheet, not left to the browser's defaults.
  const drawn = (where: string) => expectSiteDrawn(page, where);
  // Softly: every axe rule but colour contrast (themes.e2e.ts's), in what is open.
  const accessible = async (where: string, inside: string) => {
    const { violations } = await new AxeBuilder({ page })
      .include(inside)
      .disableRules(['color-contrast'])
      .analyze();
    expect
      .soft(
        violations.map((v) => `${v.id}: ${v.help}`),
        `${where}: axe`,
      )
      .toEqual([]);
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?n=POLY&from=USDT&to=MATIC');
  const swap = page.locator('[data-remote="swap"]');
  await expect(swap).toContainText('TOKEN SWAP');
  await theme('dark');
  // The wallet chooser, then a swap that needs an approval: both wallet panels get lines.
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
  await clean('/ wallet chooser');
  await drawn('/ wallet chooser');
  await accessible('/ wallet chooser', 'dialog[open]');
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'Browser wallet (MetaMask)' })
    .click();
  await expect(page.getByTestId('wallet-session')).toContainText('Welcome MetaMask');
  // Connected, the header's end (theme, language, balance, the wallet's links) stays on screen
  // at every desktop width, on a line of its own where needed; no menu item breaks in two.
  for (const width of [1280, 1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    const header = await page.locator('header').evaluate((h) => ({
      beyond: [...h.querySelectorAll('a, button, select')]
        .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth)
        .map((e) => e.textContent),
      // A line of its text per rectangle of its shown text (not of a note said only to screen
      // readers, in a box of 1 px).
      broken: [...h.querySelectorAll('.jm-menu > *')]
        .filter((e) => {
          const shown = [...e.childNodes].filter(
            (n) =>
              n.nodeType === Node.TEXT_NODE || (n as Element).getBoundingClientRect().width > 1,
          );
          const rects = shown.flatMap((n) => {
            const text = document.createRange();
            text.selectNodeContents(n);
            return [...text.getClientRects()].filter((r) => r.width > 0);
          });
          return e.getClientRects().length > 0 && rects.length > 1;
        })
        .map((e) => e.textContent),
    }));
    expect.soft(header, `header at ${width} px`).toEqual({ beyond: [], broken: [] });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  await expect(swap).toHaveAttribute('data-quote-out', /\d+/);
  await drawn('/ swap box, connected, with a quote');
  const quote = async (name: string) => BigInt((await swap.getAttribute(name)) as string);
  const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
  const before = await ledger('POLY', owner, ['USDT', 'MATIC']);
  await swap.getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  // The approval and the swap (the account is new: no allowance yet).
  await expectLanded(before, { txs: 2, debit: { USDT: amountIn }, credit: { MATIC: amountOut } });
  await clean('/ swap popup');
  await drawn('/ swap popup');
  await accessible('/ swap popup', 'dialog[open]');
  await closeSendPopup(page);

  const panel = (name: 'Recent transactions' | 'Approvals') =>
    page.getByTestId(name === 'Approvals' ? 'approvals' : 'recent-transactions');
  const toggle = (name: string) =>
    page.locator('header').getByRole('button', { name }).filter({ visible: true }).first();
  for (const mode of ['dark', 'light'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await theme(mode);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['Recent transactions', 'Approvals'] as const) {
        if (width === 375) await page.getByRole('button', { name: 'Menu' }).click();
        await toggle(name).click();
        await expect(panel(name)).toBeVisible();
        await expect(panel(name).getByRole('listitem').first()).toBeVisible();
        // Kept with the report (taken before the checks, so a failure shows it too).
        const id = `${name === 'Approvals' ? 'approvals' : 'recent'}-${mode}-${width}`;
        await shot(id, panel(name));
        await shot(`${id}-page`, page.locator('html')); // where it opens, in the page
        // Styled from the site's stylesheet: a plain list, not the browser's numbered one, and
        // buttons as the site draws them.
        const style = await panel(name).evaluate((e) => {
          const button = e.querySelector('button');
          return {
            list: getComputedStyle(e.querySelector('ol') as Element).listStyleType,
            // Its own frame, or the header dropdown's it opens in (wide screens).
            framed: [e, e.parentElement as Element].some(
              (el) => getComputedStyle(el).borderTopStyle === 'solid',
            ),
            button: button ? getComputedStyle(button).minHeight : '44px',
          };
        });
        expect.soft(style, `${name} ${mode} ${width} styled`).toEqual({
          list: 'none',
          framed: true,
          button: '44px', // a touch target, not the browser's default button
        });
        if (name === 'Approvals') {
          const row = panel(name).getByTestId('approval').first();
          await expect(row).toContainText('USDT');
          await expect(row).toContainText('Unlimited');
          await row.getByRole('button', { name: 'Revoke' }).click();
          await expect(row.getByTestId('revoke-preview')).toContainText('Estimated network fee');
          await shot(`revoke-preview-${mode}-${width}`, panel(name));
          await row.getByRole('button', { name: 'Back' }).click();
        }
        await clean(`${name} ${mode} ${width}`);
        await drawn(`${name} ${mode} ${width}`);
        if (mode === 'light') await accessible(`${name} ${width}`, 'header');
        // A dropdown's ways out: Escape (on a phone it folds the menu too), a click elsewhere.
        if (mode === 'dark') await page.keyboard.press('Escape');
        else await page.getByRole('heading', { name: /first multi-chain swap/ }).click();
        await expect(panel(name)).toBeHidden();
        const entries = page.locator('header').getByRole('button', { name, includeHidden: true });
        await expect(entries).toHaveCount(2);
        for (const entry of await entries.all())
          await expect(entry).toHaveAttribute('aria-expanded', 'false');
        const menu = page.getByRole('button', { name: 'Menu' });
        if (width === 375)
          if (mode === 'dark') await expect(menu).toHaveAttribute('aria-expanded', 'false');
          else await menu.click();
      }
    }
  }
  expect(checked.length).toBeGreaterThanOrEqual(10);
});
