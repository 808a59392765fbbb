/**
 * What the feature entries' code (`./swap.ts`, `./liquidity.ts`: bundled by the remotes that use
 * them, not shared) takes from the page's one `@jmswap/shared-chain`: the wallet session, the
 * readers and writers, the settings, the pending-send bus and the allowance list. A bundled copy
 * of these would be a second session or cache, so this is, beside the entries, the one module
 * of the package that imports the package itself, and the only one the services here use for it.
 * Pure code (`core/`, constants, amounts) comes by relative path: a copy of it is harmless, and
 * the error classes and the i18n instance keep one identity across copies (core/errors.ts,
 * i18n/setup.ts).
 */
export {
  adapterFor,
  getApprovalMode,
  getSlippageBps,
  isUserRejection,
  loadAllowances,
  network$,
  networkById,
  onNetworkReset,
  readerFor,
  refreshWalletData,
  requireWallet,
  resetReaders,
  servicesContext,
  sessionEpoch,
  trackEvent,
  withPendingTransaction,
  writer,
} from '@jmswap/shared-chain';
