import production from '../../config/networks.production.json';
import { parseNetworksFile } from './schema';
import { linkedImport } from './tokenKeys';

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
