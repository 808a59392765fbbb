import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { pairAddresses } from './useTrades';

const { networks } = parseNetworksFile(production);

describe('the trades of a pair are asked by its tokens’ addresses', () => {
  it('listed tokens by their configured addresses, the base coin as its wrapped token', () => {
    const bsc = networks.BSC;
    expect(pairAddresses(bsc, 'BNB', 'USDT')).toEqual([
      bsc.tokens.BNB!.address,
      bsc.tokens.USDT!.address,
    ]);
  });

  it("a pair of the api's index, named by addresses, by those addresses (its trades and CSV)", () => {
    const wbnb = networks.BSC.tokens.BNB!.address.toLowerCase();
    const six = '0x95bd8d42f30351685e96c62eddc0d0613bf9a87a';
    expect(pairAddresses(networks.BSC, wbnb, six)).toEqual([wbnb, six]);
    const tronToken = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
    expect(pairAddresses(networks.TRON, 'TRX', tronToken)).toEqual([
      networks.TRON.tokens.TRX!.address,
      tronToken,
    ]);
  });

  it('a name that is neither gives no address (nothing is asked)', () => {
    expect(pairAddresses(networks.BSC, 'BNB', 'NOPE')).toEqual([
      networks.BSC.tokens.BNB!.address,
      '',
    ]);
  });
});
