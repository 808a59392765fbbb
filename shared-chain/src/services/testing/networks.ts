/**
 * Test support: a small EVM network config with placeholder contract addresses, for unit tests
 * that need a configured network but no chain (nothing listens on `nodeUrl`).
 */
import type { NetworkConfig, TokenConfig } from '../../config/types';

const token = (
  symbol: string,
  name: string,
  n: number,
  extra: Partial<TokenConfig> = {},
): TokenConfig => ({
  symbol,
  name,
  address: `0x${n.toString(16).padStart(40, '0')}`,
  decimals: 18,
  logoURI: '',
  tax: 0,
  ...extra,
});

export function fakeEvmNetwork(overrides: Partial<NetworkConfig> = {}): NetworkConfig {
  return {
    id: 'BSC',
    name: 'BNB Smart Chain',
    platform: 'evm',
    chainId: 56,
    nodeUrl: 'http://127.0.0.1:18599',
    scan: 'https://bscscan.com/tx/',
    api: { url: '', ownerAddress: '' },
    exchange: {
      FACTORY_ADDRESS: '0x0000000000000000000000000000000000000001',
      ROUTER_ADDRESS: '0x0000000000000000000000000000000000000002',
      LIQUIDITY_ROUTER: '0x0000000000000000000000000000000000000003',
      SWAP_API: '0x0000000000000000000000000000000000000004',
      MAX_HOP_LENGTH: 3,
    },
    baseToken: 'BNB',
    defaultTokens: ['BNB', 'USDT'],
    tokens: { BNB: token('BNB', 'BNB', 5, { isBase: true }), USDT: token('USDT', 'Tether', 6) },
    pools: [],
    ...overrides,
  };
}
