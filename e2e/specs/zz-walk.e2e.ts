import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { openEveryDisclosure } from '../fixtures/csp';
import { injectEvmWallet } from '../fixtures/evm-wallet';

test('walk: axe everywhere', async ({ page, evmAccount: owner }) => {
  test.setTimeout(300_000);
  const poly = localNetworks().POLY!;
  await injectEvmWallet(page, { account: owner, chainId: poly.chainId, rpcUrls: evmRpcUrls() });
  const found = new Map<string, string[]>();
  const check = async (where: string) => {
    const r = await new AxeBuilder({ page }).exclude('.jm-prerendered').analyze();
    for (const v of r.violations) {
      const key = `${v.id} (${v.impact})`;
      const list = found.get(key) ?? [];
      list.push(`${where}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      found.set(key, list);
    }
  };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of ['/?n=POLY', '/?t=addLiquidity&n=POLY', '/charts', '/pools', '/listing', '/help', '/info', '/widget?n=BSC']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      if (url.includes('addLiquidity')) {
        if (width === 1280) await connectFromHeader(page, 'MetaMask');
        await page.waitForTimeout(1500);
        await page.locator('[data-remote="liquidity"]').getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
      }
      await check(`${width} ${url}`);
      await openEveryDisclosure(page, 'body', (name) => check(`${width} ${url} [${name}]`));
    }
  }
  for (const [k, v] of found) console.log(k, '\n   ' + [...new Set(v)].slice(0, 8).join('\n   '));
  expect(true).toBe(true);
});
