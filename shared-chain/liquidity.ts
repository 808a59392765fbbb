// `@jmswap/shared-chain/liquidity`: see src/liquidity.ts.
export * from './src/liquidity';
