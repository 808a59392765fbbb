import { startTestChains, type TestChains } from '../test/chain';
import type { ChainEndpoint } from './chain';
import { formatTax, hexAddressOf, measureTax, taxError, taxOfTransfer } from './tax';

// Real local chains: BSC on anvil and the TRON devnode. KLV (BSC) and ZLF (TRON) are configured
// at 0% but take 4% on chain (the devnet changes their tax after seeding).
let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ tron: true, swaps: 1 });
}, 300_000);
afterAll(() => chains?.stop());

function dexOf(id: 'BSC' | 'TRON') {
  const n = chains.networks.find((x) => x.id === id)!;
  const endpoint: ChainEndpoint = { platform: n.platform, nodeUrl: n.nodeUrl };
  const dex = { factory: n.factory, wrappedBase: n.tokensBySymbol.get(n.baseToken)!.key };
  const token = (symbol: string) => n.tokensBySymbol.get(symbol)!.key;
  return { endpoint, dex, token };
}

it.each([
  ['BSC', 'KLV', 400n],
  ['BSC', 'O1T', 700n],
  ['BSC', 'USDT', 0n],
  ['TRON', 'ZLF', 400n],
  ['TRON', 'JM', 300n],
] as const)(
  '%s %s: measures %s bps',
  async (network, symbol, bps) => {
    const { endpoint, dex, token } = dexOf(network);
    expect(await measureTax(endpoint, dex, token(symbol))).toEqual({
      kind: 'measured',
      bps,
      exact: true,
    });
  },
  60_000,
);

it('a token without a pool cannot be measured; a node that does not answer says so', async () => {
  const { endpoint, dex } = dexOf('BSC');
  expect(await measureTax(endpoint, dex, dex.wrappedBase)).toEqual({ kind: 'no-pool' });
  const down = { platform: 'evm', nodeUrl: 'http://127.0.0.1:9' } as const;
  expect((await measureTax(down, dex, dex.wrappedBase)).kind).toBe('unreachable');
});

it('says what the chain takes when the declared tax differs', () => {
  const measured = { kind: 'measured', bps: 400n, exact: true } as const;
  expect(taxError('BSC', 4, measured)).toBeUndefined();
  expect(taxError('BSC', 0, measured)).toEqual({
    status: 400,
    field: 'tax',
    message:
      'is 0% but the token takes 4% on every transfer on BSC (measured by simulating a buy from its JMSwap pool); declare the tax it takes',
  });
  expect(taxError('BSC', 3, { kind: 'no-pool' })).toBeUndefined();
  expect(formatTax(250n)).toBe('2.5%');
  expect(formatTax(1234n)).toBe('12.34%');
  expect(taxOfTransfer(1_000_000n, 960_000n)).toEqual({ bps: 400n, exact: true });
  expect(hexAddressOf('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
    '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
  );
});
