/**
 * First provider on ETH: a project deploys a new token (devnet's artifact), the operator lists it
 * in networks.json, the user creates the pool and supplies it in one flow, then swaps against it.
 */
import { ContractFactory, JsonRpcProvider } from 'ethers';
import { loadArtifact } from '@jmswap/devnet';
import { expect, test, type Page } from '@playwright/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { devAccount, evmRpcUrls, localNetworks } from '../fixtures/chain';
import { evmPair, evmTokenBalance } from './liquidity.chain';

const panel = (page: Page) => page.locator('[data-remote="liquidity"]');
const E18 = 10n ** 18n;

async function deployNewToken(owner: string): Promise<string> {
  const net = localNetworks().ETH!;
  const provider = new JsonRpcProvider(net.nodeUrl, undefined, { staticNetwork: true });
  try {
    const { abi, bytecode } = loadArtifact('TaxedToken');
    // anvil's dev accounts are unlocked: the node signs.
    const signer = await provider.getSigner(owner);
    const token = await new ContractFactory(abi as never, bytecode, signer).deploy(
      'Fresh Listing',
      'FRESH',
      18,
      0,
      owner,
    );
    await token.waitForDeployment();
    await (await token.getFunction('mint')(owner, 1_000_000n * E18)).wait();
    return await token.getAddress();
  } finally {
    provider.destroy();
  }
}

test('ETH: the first provider creates the pool of a freshly listed token, then swaps against it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = devAccount(9);
  const fresh = await deployNewToken(owner);
  // The operator lists the token: the runtime networks.json gains it.
  await page.route('**/config/networks.json', async (route) => {
    const file = await (await route.fetch()).json();
    file.networks.ETH.tokens.FRESH = {
      symbol: 'FRESH',
      name: 'Fresh Listing',
      address: fresh,
      decimals: 18,
      logoURI: '/assets/currency/eth.svg',
      tax: 0,
    };
    await route.fulfill({ json: file });
  });
  const eth = localNetworks().ETH!;
  await injectEvmWallet(page, { account: owner, chainId: eth.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=ETH&t=addLiquidity');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'Browser wallet (MetaMask)' })
    .click();
  await panel(page).getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await panel(page).getByRole('combobox', { name: 'Estimate token' }).selectOption('FRESH');
  await expect(panel(page).getByText(/You are the first liquidity provider/)).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('2');
  await panel(page).getByRole('textbox', { name: 'Estimate' }).fill('5000');
  await expect(panel(page).getByTestId('share')).toHaveText('100.00%');
  await expect(panel(page).getByTestId('price-a-in-b')).toHaveText('2500.00000000');
  const supply = panel(page).getByRole('button', { name: 'SUPPLY' });
  const lpShown = BigInt((await supply.getAttribute('data-lp-tokens')) as string);
  expect(await evmPair('ETH', 'ETH', fresh)).toBe('0x0000000000000000000000000000000000000000');
  await supply.click();
  await expect(page.getByText('Liquidity added')).toBeVisible({ timeout: 60_000 });
  const pair = await evmPair('ETH', 'ETH', fresh);
  expect(BigInt(pair)).not.toBe(0n);
  expect(await evmTokenBalance('ETH', fresh, pair)).toBe(5000n * E18);
  expect(await evmTokenBalance('ETH', pair, owner)).toBe(lpShown);
  const sent = await page.evaluate(() =>
    (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent(),
  );
  // Approval of FRESH, createPair, then the add: three wallet confirmations in one flow.
  expect(sent.filter((m) => m === 'eth_sendTransaction')).toHaveLength(3);

  // Swap against the new pool in the swap box.
  await page.getByRole('tab', { name: 'Swap' }).click();
  const swapBox = page.locator('[data-remote="swap"]');
  await swapBox.getByRole('button', { name: /^Receive token: / }).click();
  await page
    .getByRole('listbox', { name: 'Receive token' })
    .getByRole('button', { name: /^FRESH/ })
    .click();
  const before = await evmTokenBalance('ETH', fresh, owner);
  await swapBox.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.1');
  await expect(swapBox).toHaveAttribute('data-quote-out', /\d+/);
  const out = BigInt((await swapBox.getAttribute('data-quote-out')) as string);
  await swapBox.getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30_000,
  });
  expect((await evmTokenBalance('ETH', fresh, owner)) - before).toBe(out);
});
