/**
 * @jest-environment jest-fixed-jsdom
 */
import production from '../../config/networks.production.json';
import { getAddress } from '../abi/address';
import {
  IMPORTED_TOKENS_STORAGE_KEY,
  addImportedToken,
  removeImportedToken,
  extraTokensPending,
  extraTokensReady,
  extraTokensVersion$,
  resetExtraTokens,
  withExtraTokens,
} from './extraTokens';
import { parseNetworksFile } from './schema';
import { tokenKeyOfParam } from './tokenKeys';
import type { TokenConfig } from './types';

/** The browser's local storage, as a page has it. */
const stored = new Map<string, string>();
let storageFull = false;
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (storageFull) throw new DOMException('full', 'QuotaExceededError');
      stored.set(k, v);
    },
    removeItem: (k: string) => void stored.delete(k),
  },
});

const file = parseNetworksFile(production);
/** BSC as a deployment lists it (the production file leaves its addresses to the deployer). */
const USDT = getAddress('0x' + '55'.repeat(20));
const bsc = {
  ...file.networks.BSC,
  tokens: {
    ...file.networks.BSC.tokens,
    USDT: { ...(file.networks.BSC.tokens.USDT as TokenConfig), address: USDT },
  },
};
const profile = 'production' as const;
const scope = `${profile}:BSC:${bsc.chainId}`;
const SIX = getAddress('0x' + '6a'.repeat(20));
const SEVEN = getAddress('0x' + '7b'.repeat(20));
const token = (address: string, extra: object = {}) => ({
  address,
  symbol: 'SIX',
  name: 'Six Tax',
  decimals: 18,
  tax: 6,
  ...extra,
});
const store = (entries: unknown[]) =>
  stored.set(IMPORTED_TOKENS_STORAGE_KEY, JSON.stringify({ [scope]: entries }));

beforeEach(() => {
  stored.clear();
  storageFull = false;
  resetExtraTokens();
});

// Order matters: the checks' chunk is loaded once per page, so the first tests see a page
// before it arrives.
describe('a page of a browser without imports', () => {
  it('shows the config network as it is and loads no checks', () => {
    expect(extraTokensPending(bsc, profile)).toBe(false);
    expect(withExtraTokens(bsc, profile)).toBe(bsc);
  });
});

describe('a page of a browser that imported a token', () => {
  it('waits for the checks, then shows the token keyed by its address', async () => {
    store([token(SIX)]);
    const before = extraTokensVersion$.getValue();
    expect(extraTokensPending(bsc, profile)).toBe(true);
    // Meanwhile the network is the config's (screens show loading instead: useNetworkConfig).
    expect(withExtraTokens(bsc, profile).tokens[SIX]).toBeUndefined();
    await extraTokensReady(bsc, profile);
    expect(extraTokensVersion$.getValue()).toBeGreaterThan(before);
    expect(extraTokensPending(bsc, profile)).toBe(false);
    const merged = withExtraTokens(bsc, profile);
    expect(merged.tokens[SIX]).toMatchObject({ symbol: 'SIX', tax: 6, origin: 'imported' });
    expect(merged.tokens.USDT).toEqual(bsc.tokens.USDT);
    // The URL of a restored page names it in any letter case.
    expect(tokenKeyOfParam(merged, SIX.toLowerCase())).toBe(SIX);
  });

  it('leaves out what is not a token of the network, keeps the rest', async () => {
    const badChecksum = SEVEN.replace(/[a-f]/, (c) => c.toUpperCase());
    store([
      token(SIX.toLowerCase()),
      token(badChecksum, { symbol: 'BAD' }),
      token(SEVEN, { name: 'Evil\u202eName' }),
      token(SEVEN, { decimals: 40 }),
      token(SIX, { symbol: 'TWICE' }),
      'not a token',
    ]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await extraTokensReady(bsc, profile);
    const extra = Object.entries(withExtraTokens(bsc, profile).tokens).filter(
      ([, t]) => t.origin !== undefined,
    );
    expect(extra.map(([key, t]) => [key, t.symbol])).toEqual([[SIX, 'SIX']]);
    expect(warn).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });

  it('an address of a listed token stays the listed token (never a second USDT)', async () => {
    store([token(USDT.toLowerCase(), { symbol: 'USDT', tax: 50 })]);
    await extraTokensReady(bsc, profile);
    const merged = withExtraTokens(bsc, profile);
    expect(Object.values(merged.tokens).filter((t) => t.symbol === 'USDT')).toHaveLength(1);
    expect(tokenKeyOfParam(merged, USDT.toLowerCase())).toBe('USDT');
  });

  it('an import is kept for the next page, checked again when read', async () => {
    await addImportedToken({ profile, network: bsc }, token(SEVEN.toLowerCase()));
    expect(JSON.parse(stored.get(IMPORTED_TOKENS_STORAGE_KEY) as string)[scope]).toEqual([
      token(SEVEN),
    ]);
    resetExtraTokens();
    expect(withExtraTokens(bsc, profile).tokens[SEVEN]).toMatchObject({ origin: 'imported' });
    expect(tokenKeyOfParam(withExtraTokens(bsc, profile), '0x' + '7b'.repeat(20))).toBe(SEVEN);
    expect(tokenKeyOfParam(withExtraTokens(bsc, profile), SIX)).toBeUndefined();
  });
});

describe('two tabs of one browser', () => {
  const EIGHT = getAddress('0x' + '8c'.repeat(20));
  const importsStored = () =>
    (
      JSON.parse(stored.get(IMPORTED_TOKENS_STORAGE_KEY) as string)[scope] as { address: string }[]
    ).map((t) => t.address);
  const network = { profile, network: bsc };

  it('an import here keeps what another tab imported or removed since this page read them', async () => {
    await addImportedToken(network, token(SIX));
    store([token(SIX), token(SEVEN)]); // the other tab imported SEVEN
    await addImportedToken(network, token(EIGHT));
    expect(importsStored()).toEqual([SIX, SEVEN, EIGHT]);
    store([token(SEVEN), token(EIGHT)]); // the other tab removed SIX
    await removeImportedToken(network, EIGHT);
    expect(importsStored()).toEqual([SEVEN]);
  });

  it('what another tab imports shows here at once', async () => {
    await extraTokensReady(bsc, profile);
    expect(withExtraTokens(bsc, profile).tokens[SIX]).toBeUndefined();
    store([token(SIX)]);
    window.dispatchEvent(new StorageEvent('storage', { key: IMPORTED_TOKENS_STORAGE_KEY }));
    await extraTokensReady(bsc, profile);
    expect(withExtraTokens(bsc, profile).tokens[SIX]).toMatchObject({ origin: 'imported' });
    store([]);
    window.dispatchEvent(new StorageEvent('storage', { key: IMPORTED_TOKENS_STORAGE_KEY }));
    expect(withExtraTokens(bsc, profile).tokens[SIX]).toBeUndefined();
  });

  it('an import storage refused stays for this page, and is saved with the next one', async () => {
    storageFull = true;
    await addImportedToken(network, token(SIX));
    window.dispatchEvent(new StorageEvent('storage', { key: IMPORTED_TOKENS_STORAGE_KEY }));
    expect(withExtraTokens(bsc, profile).tokens[SIX]).toMatchObject({ origin: 'imported' });
    storageFull = false;
    await addImportedToken(network, token(SEVEN));
    expect(importsStored()).toEqual([SIX, SEVEN]);
  });
});
