import production from '../../config/networks.production.json';
import { parseNetworksFile } from './schema';
import { isNetworkConfigured, NETWORK_IDS } from './types';

const clone = () => JSON.parse(JSON.stringify(production));

describe('networks.json', () => {
  it('the production file lists the five networks with the spec token sets', () => {
    const file = parseNetworksFile(production);
    expect(Object.keys(file.networks)).toEqual([...NETWORK_IDS]);
    const tron = file.networks.TRON;
    expect(Object.keys(tron.tokens)).toHaveLength(21);
    expect(tron.pools).toHaveLength(21);
    expect(tron.tokens.JM).toMatchObject({ decimals: 8, tax: 3, canAddToken: true });
    expect(tron.tokens.SafeMoney).toMatchObject({ tax: 10, useNormalRouterForLiquidity: true });
    expect(file.networks.BSC.pools).toHaveLength(7);
    expect(file.networks.BSC.tokens.O1T?.tax).toBe(7);
    expect(file.networks.BSC.tokens.PSRS).toMatchObject({
      tax: 2,
      useNormalRouterForLiquidity: true,
    });
    expect(file.networks.POLY.defaultTokens).toEqual(['USDT', 'MATIC']);
    expect(file.networks.BTTC.gasPrice).toBe('1000000000000000');
    expect(file.networks.POLY.gasPrice).toBe('60000000000');
    for (const net of Object.values(file.networks)) expect(net.exchange.MAX_HOP_LENGTH).toBe(3);
  });

  it('shows production networks without addresses as not configured', () => {
    const file = parseNetworksFile(production);
    expect(isNetworkConfigured(file.networks.ETH)).toBe(false);
    const configured = clone();
    Object.assign(configured.networks.ETH.exchange, {
      FACTORY_ADDRESS: '0x1',
      ROUTER_ADDRESS: '0x2',
      LIQUIDITY_ROUTER: '0x3',
      SWAP_API: '0x4',
    });
    expect(isNetworkConfigured(parseNetworksFile(configured).networks.ETH)).toBe(true);
  });

  it.each([
    ['a missing network', (f: any) => delete f.networks.BTTC, /networks.BTTC/],
    [
      'a bad decimals value',
      (f: any) => (f.networks.ETH.tokens.USDT.decimals = 6.5),
      /networks.ETH.tokens.USDT.decimals/,
    ],
    [
      'an unknown default token',
      (f: any) => (f.networks.ETH.defaultTokens = ['ETH', 'DAI']),
      /unknown token DAI/,
    ],
    [
      'a pool of unknown tokens',
      (f: any) => f.networks.ETH.pools.push({ symbolA: 'ETH', symbolB: 'X', address: '' }),
      /ETH\/X/,
    ],
    ['a non-numeric gas price', (f: any) => (f.networks.POLY.gasPrice = '6e10'), /gasPrice/],
  ])('rejects %s with a message naming it', (_, mutate, message) => {
    const file = clone();
    mutate(file);
    expect(() => parseNetworksFile(file)).toThrow(message);
  });
});
