/**
 * The pure core every page needs: no I/O, bigint base units, no floats in money math. Quoting,
 * routing and liquidity math come with `@jmswap/shared-chain/swap` and `/liquidity`.
 */
export * from './constants';
export * from './errors';
export * from './amounts';
export * from './tax';
