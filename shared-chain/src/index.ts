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
export { Modal } from './react/Modal';
export { useDismiss } from './react/useDismiss';
export * from './react/TokenPicker';
export * from './wallets/options';
export * from './wallets/walletConnectState';
export * from './core';
// One i18n instance for the page, its languages and catalogues.
export * from './i18n';
// Chain services (wallet session, reads, settings) and their React hooks. Features that only
// some pages need are subpath entries bundled by the remotes that use them, with everything
// stateful taken from this singleton: `@jmswap/shared-chain/swap`, `/liquidity`, `/history`.
export * from './services';
export { loadRecentTransactions, type RecentTransactionsModule } from './recent/load';
export { loadAllowances, type AllowancesModule } from './services/allowancesLoad';
export * from './react/chain';
export { mountStandalone } from './react/mountStandalone';
