import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { directPairsOf, maxSellAmount } from './maxAmount';

const { BTTC, BSC } = parseNetworksFile(production).networks;
const BTT = 10n ** 18n;

it("MAX on EVM keeps the swap's real gas cost, not a fixed 1/100 of the coin", () => {
  const balance = 1000n * BTT;
  const gas = 225n * BTT; // 150 000 gas x 1e15 wei, with the margin
  expect(maxSellAmount(BTTC, BTTC.tokens.BTT!, balance, undefined, gas)).toBe(balance - gas);
  // No estimate (node down): BTTC's fixed gas price x 400 000 gas, far above 0.01 BTT.
  expect(maxSellAmount(BTTC, BTTC.tokens.BTT!, balance)).toBe(balance - 400n * BTT);
  // A network without a fixed gas price and no estimate keeps the old 1/100 of a coin.
  expect(maxSellAmount(BSC, BSC.tokens.BNB!, BTT)).toBe(BTT - BTT / 100n);
  expect(maxSellAmount(BTTC, BTTC.tokens.BTT!, 100n * BTT, undefined, gas)).toBe(0n);
});

it('direct pairs: the tokens pooled with the symbol, the same set on every render', () => {
  const pairs = directPairsOf(BSC, 'USDT');
  for (const p of BSC.pools) {
    if (p.symbolA === 'USDT') expect(pairs.has(p.symbolB)).toBe(true);
    if (p.symbolB === 'USDT') expect(pairs.has(p.symbolA)).toBe(true);
  }
  const pooled = BSC.pools.filter((p) => p.symbolA === 'USDT' || p.symbolB === 'USDT');
  expect(pairs.size).toBe(
    new Set(pooled.map((p) => (p.symbolA === 'USDT' ? p.symbolB : p.symbolA))).size,
  );
  expect(pairs.size).toBeGreaterThan(0);
  expect(directPairsOf(BSC, 'USDT')).toBe(pairs);
  expect(directPairsOf(BSC, undefined).size).toBe(0);
  expect(directPairsOf(BSC, 'NOT-LISTED').size).toBe(0);
});
