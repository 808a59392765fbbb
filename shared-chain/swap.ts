// `@jmswap/shared-chain/swap`: see src/swap.ts.
export * from './src/swap';
