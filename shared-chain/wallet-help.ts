// `@jmswap/shared-chain/wallet-help`: see src/walletHelp.ts.
export * from './src/walletHelp';
