import production from '../../config/networks.production.json';
import { parseNetworksFile } from '../config/schema';
import { connectsDirectly, walletOptions } from './options';
import { withBrowserWallets } from './detect';

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

it('offers each browser wallet in the page by its name; with none announced, the generic line', () => {
  const wallets = [
    { rdns: 'io.metamask', name: 'MetaMask' },
    { rdns: 'io.rabby', name: 'Rabby Wallet', icon: 'data:image/png;base64,iVBORw0KGgo=' },
  ];
  const offered = (id: 'BSC' | 'ETH' | 'TRON', found: typeof wallets) =>
    withBrowserWallets(walletOptions(networks[id], 'production'), found);
  expect(offered('BSC', wallets)).toEqual([
    {
      kind: 'injected',
      label: 'Browser wallet (MetaMask)',
      walletName: 'MetaMask',
      rdns: 'io.metamask',
    },
    {
      kind: 'injected',
      label: 'Browser wallet (Rabby Wallet)',
      walletName: 'Rabby Wallet',
      rdns: 'io.rabby',
      icon: 'data:image/png;base64,iVBORw0KGgo=',
    },
    { kind: 'walletconnect', label: 'Mobile wallet (WalletConnect)' },
    { kind: 'binance', label: 'Binance Wallet' },
  ]);
  // One wallet: its own name on the line, not MetaMask's; none: the generic line.
  expect(offered('ETH', wallets.slice(1))[0]).toEqual({
    kind: 'injected',
    label: 'Browser wallet (Rabby Wallet)',
    walletName: 'Rabby Wallet',
    rdns: 'io.rabby',
    icon: 'data:image/png;base64,iVBORw0KGgo=',
  });
  expect(offered('ETH', [])[0]).toEqual({ kind: 'injected', label: 'Browser wallet (MetaMask)' });
  expect(offered('TRON', wallets).map((o) => o.kind)).toEqual(['tronlink']);
});
