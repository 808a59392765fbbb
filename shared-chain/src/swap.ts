/**
 * `@jmswap/shared-chain/swap`: quoting, routing and the swap send path. Not in the shared
 * singleton: a remote that swaps bundles it, so pages that do not swap never load it. What has
 * state or identity (session, readers, wallet, settings, error classes) it takes from the
 * singleton `@jmswap/shared-chain`, never from a copy.
 */
export * from './core/pairMath';
export * from './core/paths';
export * from './core/slippage';
export * from './core/estimate';
export * from './core/energy';
export * from './core/validation';
export * from './core/feeReserve';
export * from './core/tronFee';
export * from './services/swap';
export { approvalSteps, type ApprovalRequest } from './services/approval';
export type { DetectedTax, TaxCheck } from './core/taxDetection';
export { previewSwap, type SendPreviewText } from './services/preview';
export { isTransactionId } from './core/transactionId';
export {
  SendPopup,
  SendProgress,
  USUAL_CONFIRMATION_MS,
  type SentTransaction,
} from './react/SendProgress';
