/** The pure core of shared-chain: no I/O, bigint base units, no floats in money math. */
export * from './constants';
export * from './errors';
export * from './amounts';
export * from './tax';
export * from './pairMath';
export * from './paths';
export * from './slippage';
export * from './estimate';
export * from './liquidity';
export * from './energy';
export * from './validation';
