// `@jmswap/shared-chain/tokens`: see src/tokens.ts.
export * from './src/tokens';
