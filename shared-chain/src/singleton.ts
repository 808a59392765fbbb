/**
 * What code outside the first load takes from the page's one `@jmswap/shared-chain`: the
 * wallet session, the readers and writers, the settings, the pending-send bus and the allowance
 * loader. Its users: the feature entries' code (`./swap.ts`, `./liquidity.ts`, bundled by the
 * remotes, not shared), where a copy would be a second session or cache; and the singleton's own
 * lazy chunks (recent transactions, allowances), where a relative import into the first-load
 * chunk would keep those modules out of its concatenation. The one module of the package that
 * imports the package by its name (ESLint holds everything else to relative paths). Pure code
 * (`core/`, constants, amounts) comes by relative path: a copy of it is harmless, and the error
 * classes and the i18n instance keep one identity across copies (core/errors.ts, i18n/setup.ts).
 */
export {
  activeWallet,
  adapterFor,
  deadlineFromNow,
  getApprovalMode,
  getSlippageBps,
  isUserRejection,
  loadAllowances,
  loadRecentTransactions,
  network$,
  networkById,
  onNetworkReset,
  pendingTransactionOf,
  pendingTransactions$,
  readerFor,
  readersResetAt,
  refreshWalletData,
  requireWallet,
  resetReaders,
  servicesContext,
  session$,
  sessionEpoch,
  trackEvent,
  transactionSubmitted,
  useVisibleInterval,
  useWalletSession,
  withPendingTransaction,
  writer,
} from '@jmswap/shared-chain';
