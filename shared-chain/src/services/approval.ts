/**
 * The one approval path for swaps and liquidity, on EVM and TRON (and through the widget host).
 * It honours the user's approval mode (services/settings): maximum (the spec's rule: approved
 * only when the allowance is at least the uint256 maximum) or exact (the allowance covers the
 * amount). Platform writers never approve on their own.
 */
import type { TxResult } from '../adapters/types';
import { ChainError, ALLOWANCE_UNREAD, APPROVAL_UNSUCCESSFUL, SwapError } from '../core/errors';
import { isUserRejection, readerFor, getApprovalMode, loadAllowances, writer } from '../singleton';
import { MAX_APPROVAL } from '../core/constants';
import { isAllowanceSufficient, needsApproval, type ApprovalMode } from '../core/validation';

export interface ApprovalRequest {
  /** Token symbol, or a pair (liquidity token) address. */
  token: string;
  spender: string;
  /** The amount the next transaction spends. */
  amount: bigint;
  /** Default: the user's approval mode setting. */
  mode?: ApprovalMode;
}

/**
 * The approve amounts to send, in order (empty: the allowance already suffices). A token that
 * refuses to change a non-zero allowance (USDT-style, found by simulation: services/allowances
 * approveNeedsReset) is set to 0 first; every other token is re-approved in one transaction.
 */
export function approvalSteps(input: {
  allowance: bigint;
  amount: bigint;
  mode: ApprovalMode;
  resetRequired: boolean;
}): bigint[] {
  const { allowance, amount, mode, resetRequired } = input;
  if (isAllowanceSufficient(allowance, amount, mode)) return [];
  const target = mode === 'max' ? MAX_APPROVAL : amount;
  return resetRequired && allowance > 0n ? [0n, target] : [target];
}

/**
 * Approves `spender` when the allowance is not sufficient. Resolves with the (last) approval
 * transaction, or null when none was needed. A rejection in the wallet rethrows the ChainError
 * 4001; an allowance no node told is ALLOWANCE_UNREAD; any other failure is "Approval
 * unsuccessful (swap aborted)".
 */
export async function ensureApproval(request: ApprovalRequest): Promise<TxResult | null> {
  const { writer: w, wallet } = await writer();
  const network = wallet.network;
  const token = network.tokens[request.token];
  if (token && !needsApproval(token)) return null;
  const reader = await readerFor(network);
  const allowance = await reader.allowance(
    request.token,
    wallet.connection.address,
    request.spender,
  );
  // No node told the allowance: nothing was sent, and the user is told to check the connection
  // (not that an approval failed).
  if (allowance === undefined) throw new SwapError('ALLOWANCE_UNREAD', ALLOWANCE_UNREAD);
  const input = { allowance, amount: request.amount, mode: request.mode ?? getApprovalMode() };
  let steps = approvalSteps({ ...input, resetRequired: false });
  const target = steps[0];
  if (target !== undefined && allowance > 0n) {
    // Only a change from non-zero asks the token how it takes it (two simulated approvals).
    // A check that cannot load falls back on the config's approveResetRequired flag.
    const resetRequired = await loadAllowances().then(
      (mod) =>
        mod.approveNeedsReset(
          network,
          request.token,
          wallet.connection.address,
          request.spender,
          allowance,
          target,
        ),
      () => token?.approveResetRequired === true,
    );
    steps = approvalSteps({ ...input, resetRequired });
  }
  let last: TxResult | null = null;
  try {
    for (const value of steps) last = await w.approve(request.token, request.spender, value);
  } catch (error) {
    // A rejection, or a simulation that reverted (nothing sent: the UI says why).
    if (
      isUserRejection(error) ||
      (error instanceof ChainError &&
        (error.code === 'SIMULATION_FAILED' ||
          error.code === 'SIMULATION_UNAVAILABLE' ||
          error.code === 'ACCOUNT_CHANGED'))
    )
      throw error;
    console.error('[shared-chain] approval failed', error);
    throw new SwapError('APPROVAL_FAILED', APPROVAL_UNSUCCESSFUL);
  }
  return last;
}
