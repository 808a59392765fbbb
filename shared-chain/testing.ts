// `@jmswap/shared-chain/testing`: test seams that are not part of the public entry.
export * from './src/testing';
