import type { NetworkConfig } from '@jmswap/shared-chain';

/** BNB Smart Chain as the shell's tests need it: its names, chain id and base token. */
export const BSC_NETWORK = {
  id: 'BSC',
  name: 'BNB Smart Chain',
  platform: 'evm',
  chainId: 56,
  baseToken: 'BNB',
  tokens: { BNB: { decimals: 18 } },
} as unknown as NetworkConfig;
