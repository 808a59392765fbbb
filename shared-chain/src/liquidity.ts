/**
 * `@jmswap/shared-chain/liquidity`: pool-token math and the add/remove send paths, bundled by the
 * remotes that use them (see `./swap.ts` for the rule on state).
 */
export * from './core/pairMath';
export * from './core/slippage';
export * from './core/energy';
export * from './core/validation';
export * from './core/liquidity';
export * from './core/feeReserve';
export * from './services/liquidity';
export { approvalSteps, type ApprovalRequest } from './services/approval';
export {
  previewAdd,
  previewRemove,
  type AddPreviewRequest,
  type RemovePreviewRequest,
  type SendPreviewText,
} from './services/preview';
export {
  SendPopup,
  SendProgress,
  USUAL_CONFIRMATION_MS,
  type SentTransaction,
} from './react/SendProgress';
