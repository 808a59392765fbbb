// `@jmswap/shared-chain/history`: see src/history.ts.
export * from './src/history';
