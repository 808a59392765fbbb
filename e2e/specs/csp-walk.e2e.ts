/**
 * Every other panel and dialog of the site, on every page, opened under the page's
 * Content-Security-Policy in both themes: not one violation, no control left to the browser's
 * own drawing, and nothing axe finds (the wallet panels, which need a swap, are csp-panels.e2e.ts). Nothing
 * is sent: it runs beside the trading specs.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader, expectWalletBack } from '../fixtures/connect';
import { expectSiteDrawn, openEveryDisclosure, switchTheme, watchPolicy } from '../fixtures/csp';
import { injectEvmWallet } from '../fixtures/evm-wallet';

test('every panel and dialog opened, on every page, in both themes: no CSP violation, all styled', async ({
  page,
  evmAccount: owner,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(30_000); // a control that is not there fails its step, not the whole walk
  const { clean, checked } = await watchPolicy(page);
  const poly = localNetworks().POLY!;
  await injectEvmWallet(page, { account: owner, chainId: poly.chainId, rpcUrls: evmRpcUrls() });
  const theme = (wanted: 'light' | 'dark') => switchTheme(page, wanted);
  // Every control in view is drawn by the site's stylesheet, not left to the browser's defaults.
  const drawn = (where: string) => expectSiteDrawn(page, where);
  // Softly, once (the light pass; colour contrast is themes.e2e.ts's): every rule axe knows, with
  // each panel open (the app's page, not the built first frame it replaced).
  const accessible = async (where: string, mode: 'light' | 'dark', inside?: string) => {
    if (mode !== 'light') return;
    const axe = new AxeBuilder({ page })
      .exclude('.jm-prerendered')
      .disableRules(['color-contrast']);
    const { violations } = await (inside ? axe.include(inside) : axe).analyze();
    expect
      .soft(
        violations.map((v) => `${v.id}: ${v.help}`),
        `${where}: axe`,
      )
      .toEqual([]);
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?n=POLY');
  await expect(page.locator('main [data-remote]').first()).toBeVisible();

  // Every page, a new page load each. The wallet is connected where a panel needs it, once: the
  // next loads bring it back.
  for (const mode of ['dark', 'light'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await theme(mode);
    for (const url of ['/?n=POLY', '/?t=addLiquidity&n=POLY', '/charts', '/pools', '/listing']) {
      await page.goto(url);
      await expect(page.locator('main [data-remote]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (url.includes('addLiquidity')) {
        // The add step (its token pickers) is there for a connected wallet.
        if (mode === 'dark') await connectFromHeader(page, 'MetaMask');
        else await expectWalletBack(page, 'MetaMask');
        await page
          .locator('[data-remote="liquidity"]')
          .getByRole('button', { name: 'ADD LIQUIDITY', exact: true })
          .click();
      }
      await drawn(`${url} ${mode}`);
      await accessible(`${url} ${mode}`, mode);
      const opened = await openEveryDisclosure(page, 'main', async (name) => {
        await drawn(`${url} ${mode}, ${name} open`);
        await accessible(`${url} ${mode}, ${name} open`, mode, 'main');
      });
      // The swap box's pickers, slippage and history; the chart's pair picker.
      if (!/pools|listing|Liquidity/.test(url))
        expect(opened, `${url} has panels`).toBeGreaterThan(0);
      await clean(`${url} ${mode}`);
    }
    for (const url of ['/help', '/info', '/no-such-page']) {
      await page.goto(url);
      await expect(page.locator('main').first()).toBeVisible();
      await drawn(`${url} ${mode}`);
      await accessible(`${url} ${mode}`, mode);
      await clean(`${url} ${mode}`);
    }
    // A feature that failed: its message and the raw error behind "Details".
    await page.route(/:9085\/.*mf-manifest\.json/, (route) => route.fulfill({ status: 503 }));
    await page.goto('/listing');
    const failed = page.locator('[data-remote-error="listing"]');
    await expect(failed).toBeVisible();
    await failed.getByText('Details').click();
    await clean(`failed area ${mode}`);
    await page.unroute(/:9085\/.*mf-manifest\.json/);
  }
  expect(checked.length).toBe(2 * 9);
});
