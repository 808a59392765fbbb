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
      maxBps: bps,
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
  const measured = { kind: 'measured', bps: 400n, exact: true, maxBps: 400n } as const;
  expect(taxError('BSC', 400n, measured)).toBeUndefined();
  expect(taxError('BSC', 0n, measured)).toEqual({
    status: 400,
    field: 'tax',
    message:
      'is 0% but the token takes 4% on every transfer on BSC (measured by simulating a buy from its JMSwap pool); declare the tax it takes',
  });
  expect(taxError('BSC', 300n, { kind: 'no-pool' })).toBeUndefined();
  // A token taking 2.5% is listed as such; 2% and 3% are both told what it takes.
  const half = { kind: 'measured', bps: 250n, exact: true, maxBps: 250n } as const;
  expect(taxError('BSC', 250n, half)).toBeUndefined();
  expect(taxError('BSC', 300n, half)?.message).toMatch(/^is 3% but the token takes 2.5% on every/);
  expect(formatTax(250n)).toBe('2.5%');
  expect(formatTax(1234n)).toBe('12.34%');
  expect(taxOfTransfer(1_000_000n, 960_000n)).toEqual({ bps: 400n, exact: true, maxBps: 400n });
  expect(hexAddressOf('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
    '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
  );
});

it('takes a declared tax that a buy of few units fits (a token without decimals)', () => {
  // 3% of 1027 units is 30, which 2.93% would take too.
  const few = { kind: 'measured', ...taxOfTransfer(1_027n, 997n)! } as const;
  expect(few).toMatchObject({ bps: 293n, exact: false, maxBps: 301n });
  expect(taxError('BSC', 300n, few)).toBeUndefined();
  expect(taxError('BSC', 500n, few)?.message).toMatch(/^is 5% but the token takes 3% on every/);
});
