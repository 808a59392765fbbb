import type { NetworkConfig } from '../config/types';
import { tokensOfList } from './tokenLists';
import { validate } from '../config/tokenListValidator.generated';

const network = { id: 'BSC', chainId: 56, platform: 'evm', tokens: {} } as unknown as NetworkConfig;
const list = (tokens: unknown[], extra = {}) => ({
  name: 'Pancake Extended',
  timestamp: '2026-01-01T00:00:00.000Z',
  version: { major: 1, minor: 0, patch: 0 },
  tokens,
  ...extra,
});
const cake = {
  chainId: 56,
  address: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82',
  name: 'PancakeSwap Token',
  symbol: 'CAKE',
  decimals: 18,
  logoURI: 'https://tokens.example/cake.png',
};

test('a valid list gives its tokens of this chain, keyed by address, "listed by" its name', () => {
  const tokens = tokensOfList(
    network,
    list([cake, { ...cake, chainId: 1 }]),
    'https://tokens.example/lists/bsc.json',
  );
  expect(tokens).toEqual([
    expect.objectContaining({
      symbol: 'CAKE',
      address: cake.address,
      origin: 'list',
      listName: 'Pancake Extended',
      logoURI: 'https://tokens.example/cake.png',
    }),
  ]);
});

test("a list that fails the format's schema is refused, saying where", () => {
  const bad = tokensOfList(network, list([{ ...cake, address: 'not an address' }]));
  expect(bad).toBeInstanceOf(Error);
  expect((bad as Error).message).toMatch(/failed validation: \/tokens\/0\/address/);
  expect(tokensOfList(network, { tokens: [] })).toBeInstanceOf(Error);
});

test('tokens with hidden characters or a non-https logo are dropped or lose the logo', () => {
  const tokens = tokensOfList(
    network,
    list([
      { ...cake, symbol: 'CA\u202eKE' },
      { ...cake, address: '0x1111111111111111111111111111111111111111', logoURI: 'http://x/y.png' },
    ]),
    'https://tokens.example/lists/bsc.json',
  ) as { logoURI: string }[];
  expect(tokens).toHaveLength(1);
  expect(tokens[0]!.logoURI).toBe('');
});

test("logos are kept from the site and the list's own host only (where the CSP lets images come from)", () => {
  const at = (logoURI: string, listUrl?: string) =>
    (tokensOfList(network, list([{ ...cake, logoURI }]), listUrl) as { logoURI: string }[])[0]!
      .logoURI;
  expect(at('https://tokens.example/cake.png', 'https://tokens.example/bsc.json')).toBe(
    'https://tokens.example/cake.png',
  );
  expect(at('https://elsewhere.example/cake.png', 'https://tokens.example/bsc.json')).toBe('');
  // A list served by the site itself (the page's origin): its logos there too.
  Object.defineProperty(globalThis, 'location', {
    value: new URL('http://localhost:8080/swap'),
    configurable: true,
  });
  try {
    expect(at('http://localhost:8080/assets/cake.svg', '/config/bsc.json')).toBe(
      'http://localhost:8080/assets/cake.svg',
    );
    expect(at('http://localhost:9999/cake.svg', '/config/bsc.json')).toBe('');
  } finally {
    delete (globalThis as { location?: unknown }).location;
  }
  expect(at('https://tokens.example/cake.png')).toBe('');
});

test('the generated validator is the published schema compiled (a known good list passes)', () => {
  expect(validate(list([cake]))).toBe(true);
});
