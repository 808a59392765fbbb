import production from '../../config/networks.production.json';
import { parseNetworksFile } from '../config/schema';
import { connectsDirectly, walletOptions } from './options';

const { networks } = parseNetworksFile(production);

it('offers the wallets of the spec per network, and the dev wallet only locally', () => {
  expect(walletOptions(networks.TRON, 'production').map((o) => o.kind)).toEqual(['tronlink']);
  expect(connectsDirectly(networks.TRON, 'production')).toBe(true);
  expect(walletOptions(networks.BSC, 'production').map((o) => o.kind)).toEqual([
    'injected',
    'walletconnect',
    'binance',
  ]);
  expect(walletOptions(networks.ETH, 'production').map((o) => o.kind)).toEqual([
    'injected',
    'walletconnect',
  ]);
  expect(walletOptions(networks.POLY, 'local').map((o) => o.kind)).toEqual([
    'injected',
    'walletconnect',
    'dev',
  ]);
  expect(connectsDirectly(networks.TRON, 'local')).toBe(false);
});
