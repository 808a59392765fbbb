// `@jmswap/shared-chain/links`: see src/links.ts.
export * from './src/links';
