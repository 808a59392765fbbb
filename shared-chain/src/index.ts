export * from './config/types';
export { parseNetworksFile } from './config/schema';
export * from './config/registry';
export * from './bus/session';
export * from './bus/events';
export * from './bus/pending';
export * from './react/hooks';
export type { RemoteScreenProps } from './ui-contract';
export { StandaloneHarness } from './react/StandaloneHarness';
export { TokenLogo, NetworkNotConfigured, AmountField } from './react/components';
export * from './wallets/options';
export * from './core';
// Product API clients (info, history).
export * from './api';
// Chain services (wallet session, reads, swaps, liquidity) and their React hooks.
export * from './services';
export * from './react/chain';
export { mountStandalone } from './react/mountStandalone';
