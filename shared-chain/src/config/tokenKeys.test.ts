import production from '../../config/networks.production.json';
import { parseNetworksFile } from './schema';
import { linkedImport, pairOfKnownTokens } from './tokenKeys';

const { networks } = parseNetworksFile(production);

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
    const usdt = networks.BSC.tokens.USDT!.address;
    expect(linkedImport(networks.BSC, { to: usdt.toLowerCase() })).toBeUndefined();
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
