/**
 * Platform-neutral chain services (no React): wallet session, reads, settings. The swap and
 * liquidity send paths come with `@jmswap/shared-chain/swap` and `/liquidity`.
 */
export {
  configureChainServices,
  servicesContext,
  epoch$,
  sessionEpoch,
  onConnect,
  onDisconnect,
  onNetworkChange,
  currentNetwork,
  networkById,
  activeWallet,
  requireWallet,
  writer,
  refreshWalletData,
  WALLET_CONNECTION_DECLINED,
  connectWallet,
  disconnectWallet,
  restoreWalletSession,
  expectWalletRestore,
  onNetworkReset,
  ensureNetworkWatcher,
  switchNetwork,
  type ChainServicesContext,
  type WalletConnectedDetail,
} from './wallet';
export * from './reads';
export {
  adapterFor,
  onReadersReset,
  readerFor,
  readersResetAt,
  resetReaders,
  TRON_NOT_AVAILABLE,
} from './platform';
export { isUserRejection, wrongNetworkMessage, requestCount } from '../adapters/evm/helpers';
export * from './tokens';
export {
  configureWidgetRelay,
  hostNamedNoChain,
  isWidgetRelayConfigured,
  setHostRestores,
} from '../adapters/widget';
export {
  SLIPPAGE_STORAGE_KEY,
  APPROVAL_MODE_STORAGE_KEY,
  isValidSlippageBps,
  slippageBps$,
  getSlippageBps,
  setSlippageBps,
  setHostSlippage,
  approvalMode$,
  getApprovalMode,
  setApprovalMode,
  DEADLINE_STORAGE_KEY,
  MIN_DEADLINE_MINUTES,
  MAX_DEADLINE_MINUTES,
  DEFAULT_DEADLINE_MINUTES,
  isValidDeadlineMinutes,
  deadlineMinutes$,
  getDeadlineMinutes,
  setDeadlineMinutes,
  deadlineFromNow,
} from './settings';
