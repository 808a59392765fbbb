import production from '../../config/networks.production.json';
import { parseNetworksFile } from './schema';
import { linkedImport, pairOfKnownTokens, unknownLinkSymbols } from './tokenKeys';

const { networks } = parseNetworksFile(production);
// The production file leaves BSC's addresses to the deploy: USDT gets one here.
const USDT_ADDRESS = '0x55d398326f99059fF775485246999027B3197955';
const bsc = {
  ...networks.BSC,
  tokens: { ...networks.BSC.tokens, USDT: { ...networks.BSC.tokens.USDT!, address: USDT_ADDRESS } },
};

describe('a link naming a token this browser does not know', () => {
  const six = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
  it('offers it for import on its side (to first), the box starting on the defaults', () => {
    expect(linkedImport(networks.BSC, { from: 'BNB', to: six })).toEqual({
      side: 'to',
      address: six,
    });
    expect(linkedImport(networks.BSC, { from: six.toLowerCase() })).toEqual({
      side: 'from',
      address: six.toLowerCase(),
    });
  });

  it('offers nothing for a listed or known token, a symbol, text, or an address of the other platform', () => {
    expect(linkedImport(bsc, { to: USDT_ADDRESS.toLowerCase() })).toBeUndefined();
    expect(linkedImport(networks.BSC, { to: 'USDT', from: 'NOPE' })).toBeUndefined();
    expect(linkedImport(networks.BSC, { to: '<script>' })).toBeUndefined();
    expect(linkedImport(networks.TRON, { to: six })).toBeUndefined();
    const imported = {
      ...networks.BSC,
      tokens: {
        ...networks.BSC.tokens,
        [six]: {
          ...networks.BSC.tokens.USDT!,
          symbol: 'SIX',
          address: six,
          origin: 'imported' as const,
        },
      },
    };
    expect(linkedImport(imported, { to: six })).toBeUndefined();
    expect(linkedImport(networks.BSC, {})).toBeUndefined();
  });
});

describe('a chosen token removed from the imported tokens', () => {
  const meme = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
  const withMeme = {
    ...networks.BSC,
    tokens: { ...networks.BSC.tokens, [meme]: { ...networks.BSC.tokens.USDT!, address: meme } },
  };
  it('leaves a pair of known tokens as it is (the same object)', () => {
    const pair = { from: meme, to: 'BNB' };
    expect(pairOfKnownTokens(withMeme, pair)).toBe(pair);
  });

  it("gives its side the network's default, or the other default when the other side has it", () => {
    // BSC's defaults: BNB to sell, USDT to buy.
    expect(pairOfKnownTokens(networks.BSC, { from: meme, to: 'BUSD' })).toEqual({
      from: 'BNB',
      to: 'BUSD',
    });
    expect(pairOfKnownTokens(networks.BSC, { from: meme, to: 'BNB' })).toEqual({
      from: 'USDT',
      to: 'BNB',
    });
    expect(pairOfKnownTokens(networks.BSC, { from: 'USDT', to: meme })).toEqual({
      from: 'USDT',
      to: 'BNB',
    });
    // TRON: TRX and JM.
    expect(pairOfKnownTokens(networks.TRON, { from: 'JM', to: 'TFiveTaxTokenAddress' })).toEqual({
      from: 'JM',
      to: 'TRX',
    });
  });
});

describe("a link's symbol that names no token", () => {
  it('is cleared; a listed symbol, a known address or one to import stays', () => {
    expect(unknownLinkSymbols(networks.BSC, { from: 'XYZ', to: 'USDT' })).toEqual({
      from: undefined,
    });
    expect(unknownLinkSymbols(networks.BSC, { from: 'XYZ', to: '<script>' })).toEqual({
      from: undefined,
      to: undefined,
    });
    expect(Object.keys(unknownLinkSymbols(networks.BSC, { to: '' }) ?? {})).toEqual(['to']);
    // JM is listed on TRON only.
    expect(unknownLinkSymbols(networks.BSC, { from: 'BNB', to: 'JM' })).toEqual({ to: undefined });
    expect(unknownLinkSymbols(networks.TRON, { from: 'TRX', to: 'JM' })).toBeUndefined();
    expect(unknownLinkSymbols(bsc, { from: USDT_ADDRESS.toLowerCase() })).toBeUndefined();
    const toImport = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
    expect(unknownLinkSymbols(networks.BSC, { to: toImport })).toBeUndefined();
    // An EVM address names no token on TRON.
    expect(unknownLinkSymbols(networks.TRON, { to: toImport })).toEqual({ to: undefined });
    expect(unknownLinkSymbols(networks.BSC, {})).toBeUndefined();
    expect(unknownLinkSymbols(networks.BSC)).toBeUndefined();
  });
});
