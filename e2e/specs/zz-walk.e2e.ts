import { test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';

test('walk: aria of pages', async ({ page, evmAccount }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await injectEvmWallet(page, { account: evmAccount, chainId: localNetworks().BSC!.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BSC&t=addLiquidity');
  await connectFromHeader(page, 'MetaMask');
  await page.waitForTimeout(3000);
  console.log(await page.locator('#root > main').ariaSnapshot());
  await page.locator('#root > main').getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await page.waitForTimeout(2000);
  await page.locator('#root > main').getByRole('textbox').first().fill('1');
  await page.waitForTimeout(2000);
  console.log('=====ADD');
  console.log(await page.locator('#root > main').ariaSnapshot());
  await page.goto('/pools?n=BSC');
  await page.waitForTimeout(4000);
  console.log('=====POOLS');
  console.log((await page.locator('#root > main').ariaSnapshot()).slice(0, 3000));
  await page.goto('/charts?n=BSC');
  await page.waitForTimeout(4000);
  console.log('=====CHARTS');
  console.log((await page.locator('#root > main').ariaSnapshot()).slice(0, 4000));
});
