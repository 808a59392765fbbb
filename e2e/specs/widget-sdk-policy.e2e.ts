import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { Interface, Wallet } from 'ethers';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectNothingMoved, ledger } from '../fixtures/landed';
import { HOST_PORT, repoRoot, SHELL } from '../fixtures/stack';

// A compromised widget frame posts its own JMSwapFunction requests to the partner page. The host
// SDK must answer each with a refusal (4100, onError) before anything reaches the page's wallet.

const HOST = `http://localhost:${HOST_PORT}`;
const ROUTER_ABI = new Interface([
  'function swapExactBaseForTokens(uint256 amountOutMin, address[] path, bytes32[] taxes, address to, uint256 deadline) payable',
]);
type Net = { exchange: { ROUTER_ADDRESS: string }; tokens: Record<string, { address: string }> };

const widgetFrame = (page: Page): Frame =>
  page.frames().find((f) => f.url().startsWith(`${SHELL}/widget`)) as Frame;
const walletRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent());
const errors = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { events: { kind: string; event: Record<string, unknown> }[] }).events
      .filter((e) => e.kind === 'error')
      .map((e) => e.event),
  );

/** Posts a request from inside the widget's frame, as its own code would, and returns the reply. */
function forge(frame: Frame, fn: string, params: Record<string, unknown>, id: number) {
  return frame.evaluate(
    ({ fn, params, id, host }) =>
      new Promise<unknown>((resolve) => {
        window.addEventListener('message', (e) => {
          const m = e.data as { type?: string; id?: number; data?: unknown };
          if (e.origin === host && m?.type === 'JMSwapResponse' && m.id === id) resolve(m.data);
        });
        parent.postMessage({ type: 'JMSwapFunction', function: fn, params, id }, host);
      }),
    { fn, params, id, host: HOST },
  );
}

test('a request forged in the widget frame reaches no wallet: unlisted path, amountOutMin 0, another network', async ({
  page,
  evmAccount: owner,
}) => {
  const bsc = localNetworks().BSC as unknown as Net & { chainId: number };
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await page.goto(`${HOST}/sdk.html?o=${encodeURIComponent(JSON.stringify({ network: 'BSC' }))}`);
  const swapBox = page.frameLocator('#jmswap iframe').locator('[data-remote="swap"]');
  await swapBox.getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(swapBox.getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  const before = await walletRequests(page);
  const balances = await ledger('BSC', owner, ['BNB', 'USDT']);

  // All of the owner's BNB into a token nobody listed (a pool the attacker made), minimum 0.
  const unlisted = Wallet.createRandom().address;
  const data = ROUTER_ABI.encodeFunctionData('swapExactBaseForTokens', [
    0n,
    [bsc.tokens.BNB!.address, unlisted],
    [0n, 0n].map((t) => `0x${t.toString(16).padStart(64, '0')}`),
    owner,
    9_999_999_999n,
  ]);
  const frame = widgetFrame(page);
  const replies = [
    await forge(
      frame,
      'execute',
      { to: bsc.exchange.ROUTER_ADDRESS, data, value: `${10n ** 21n}`, network: 'BSC' },
      9001,
    ),
    // the same request with no network, and an approval that names none
    await forge(frame, 'execute', { to: bsc.exchange.ROUTER_ADDRESS, data, value: '1' }, 9002),
    await forge(
      frame,
      'approve',
      { token: bsc.tokens.USDT!.address, spender: bsc.exchange.ROUTER_ADDRESS, amount: '1' },
      9003,
    ),
    // the wallet moved to a network the partner did not choose
    await forge(frame, 'update', { network: 'ETH' }, 9004),
  ];

  for (const reply of replies)
    expect(reply).toEqual({ error: { code: 4100, message: expect.stringMatching(/^Refused/) } });
  expect(await walletRequests(page)).toEqual(before);
  await expectNothingMoved(balances);
  const refused = await errors(page);
  expect(refused).toHaveLength(4);
  expect(refused[0]).toEqual(
    expect.objectContaining({
      function: 'execute',
      code: 4100,
      message: expect.stringMatching(/outside the network config|must be above 0/),
    }),
  );
  expect(refused[3]).toEqual(expect.objectContaining({ function: 'update', code: 4100 }));
});

test('the embed snippet’s integrity attribute is the build’s sha384', async ({ page }) => {
  const sdk = path.join(repoRoot, 'widget-sdk/dist/jmswap-widget.js');
  const integrity = readFileSync(`${sdk}.sha384`, 'utf8').trim();
  expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  // On a partner page, the snippet's tag: the browser runs the script only if the hash matches.
  await page.goto(`${HOST}/host.html`);
  const embed = (value: string) =>
    page.evaluate(
      ({ src, value }) =>
        new Promise<string>((resolve) => {
          delete (window as { JMSwapWidget?: unknown }).JMSwapWidget;
          const script = document.createElement('script');
          Object.assign(script, { src, integrity: value, crossOrigin: 'anonymous' });
          script.onload = () => resolve(typeof (window as { JMSwapWidget?: unknown }).JMSwapWidget);
          script.onerror = () => resolve('refused');
          document.head.appendChild(script);
        }),
      { src: `${SHELL}/widget/sdk/1.0.0/jmswap-widget.js`, value },
    );
  expect(await embed(integrity)).toBe('object');
  expect(await embed(`sha384-${'A'.repeat(64)}`)).toBe('refused');
});
