/**
 * `@jmswap/shared-chain/wallet-help`: what the wallet chooser says when a wallet is missing,
 * locked or silent, and the phone deep links. Only the chooser needs it, so it loads with the
 * chooser (the first CONNECT WALLET), not with every page. Stateless: a copy per app is safe.
 */
export * from './wallets/detect';
