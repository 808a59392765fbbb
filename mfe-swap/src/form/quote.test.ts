import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { estimateAmountNeeded } from '@jmswap/shared-chain/swap';
import { launchPadBuy, quoteFromEstimate } from './quote';

const { networks } = parseNetworksFile(production);
const pools = [
  {
    symbolA: 'TRX',
    symbolB: 'JM',
    reserveA: 1_000_000n * 10n ** 6n,
    reserveB: 100_000_000n * 10n ** 8n,
  },
];
const needed = (amountOut: bigint, slippageBps: number) => {
  const e = estimateAmountNeeded({
    tokens: networks.TRON.tokens,
    pools,
    from: 'TRX',
    to: 'JM',
    amountOut,
    slippageBps,
  });
  if (!e) throw new Error('no estimate');
  return { ...e, kind: 'exactOut' as const, networkId: 'TRON', epoch: 7 };
};

describe('launchPad buy', () => {
  it('sends the amount needed exact-in, bounded by the typed amount minus slippage', () => {
    const typed = 1_000n * 10n ** 8n; // 1000 JM
    const e = needed(typed, 1000);
    const buy = launchPadBuy(e);
    expect(buy.kind).toBe('exactIn');
    expect(buy.amountIn).toBe(e.amountIn);
    expect(buy.amountOut).toBe(typed);
    expect(buy.minimumReceived).toBe(900n * 10n ** 8n); // 10% below 1000 JM
    expect(buy).not.toHaveProperty('maximumSold');
    // The chain layer's metadata (network, session epoch) rides along unchanged.
    expect(buy).toMatchObject({ networkId: 'TRON', epoch: 7, path: e.path, amounts: e.amounts });
  });

  it('the box shows it as Minimum received of the receive token', () => {
    const e = needed(12_345n, 500);
    const q = quoteFromEstimate(launchPadBuy(e));
    expect(q).toMatchObject({ kind: 'exactIn', amountIn: e.amountIn, amountOut: 12_345n });
    expect(q.bound).toBe((12_345n * 9_500n) / 10_000n);
    expect(q.bound).toBeLessThan(quoteFromEstimate(e).amountOut);
    expect((q.source as { kind: string }).kind).toBe('exactIn');
  });
});
