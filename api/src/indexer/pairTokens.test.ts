import type { IndexedNetwork } from '../config';
import { escapeText, poolOfPair, tokenMetaOf } from './pairTokens';
import { matchTier } from '../routes/pairs';

const word = (n: bigint) => n.toString(16).padStart(64, '0');
const abiString = (text: string) => {
  const hex = Buffer.from(text, 'utf8').toString('hex');
  return `0x${word(32n)}${word(BigInt(hex.length / 2))}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};

describe('token metadata of a new pair', () => {
  test('symbol, name and decimals as the contract answers them', () => {
    expect(
      tokenMetaOf({
        symbol: abiString('SIX'),
        name: abiString('Six Tax'),
        decimals: `0x${word(18n)}`,
      }),
    ).toEqual({ symbol: 'SIX', name: 'Six Tax', decimals: 18 });
  });

  test('control and bidirectional characters are kept as escaped text; long names are cut', () => {
    const meta = tokenMetaOf({
      symbol: abiString('US\u202eDT'),
      name: abiString(`Tether\u0000${'x'.repeat(100)}`),
      decimals: `0x${word(6n)}`,
    });
    expect(meta.symbol).toBe('US\\u{202E}DT');
    expect(meta.name.startsWith('Tether\\u{0000}xxx')).toBe(true);
    expect(Array.from(meta.name)).toHaveLength(64);
    expect(escapeText('a\u2066b', 32)).toBe('a\\u{2066}b');
  });

  test('missing getters read as "?", and decimals over 36 as none (the pair is not priced)', () => {
    expect(tokenMetaOf({ decimals: `0x${word(77n)}` })).toEqual({
      symbol: '?',
      name: '?',
      decimals: null,
    });
  });
});

describe('a discovered pair as a pool', () => {
  const usdt = { symbol: 'USDT', address: '0xaa', decimals: 18, key: '0xaa' };
  const network = {
    id: 'BSC',
    baseToken: 'BNB',
    tokens: new Map([['0xaa', usdt]]),
  } as unknown as IndexedNetwork;

  test('the configured stablecoin is side A; a token copying its symbol is not configured', () => {
    const pool = poolOfPair(network, '0xpair', [
      ['0xbb', { symbol: 'USDT', name: 'Tether USD', decimals: 6 }],
      ['0xaa', { symbol: 'USDT', name: 'USDT', decimals: 18 }],
    ])!;
    expect(pool.tokenA).toBe(usdt);
    expect(pool.tokenB).toMatchObject({ key: '0xbb', symbol: 'USDT', decimals: 6 });
    expect(pool.discovered).toBe(true);
  });

  test('a token without usable decimals leaves the pair out', () => {
    expect(
      poolOfPair(network, '0xpair', [
        ['0xbb', { symbol: 'X', name: 'X', decimals: null }],
        ['0xaa', { symbol: 'USDT', name: 'USDT', decimals: 18 }],
      ]),
    ).toBeUndefined();
  });
});

test('the pairs search: symbol, name, address, prefix first', () => {
  const search = {
    symbols: ['bnb', 'six'],
    names: ['bnb', 'six tax'],
    addresses: ['0xabc', '0xdef'],
  };
  expect(matchTier(search, 'six')).toBe(0);
  expect(matchTier(search, 'si')).toBe(1);
  expect(matchTier(search, '0xde')).toBe(3);
  expect(matchTier(search, 'tax')).toBe(4);
  expect(matchTier(search, 'zzz')).toBe(-1);
});
