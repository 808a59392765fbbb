/**
 * How the TRON adapter reports failures: always a core ChainError, with the spec's texts.
 *
 * - A wallet rejection (TronLink "Confirmation declined by user", code 4001, or a declined
 *   `tron_requestAccounts`) becomes a ChainError with code '4001' (EIP-1193 / TIP-1193 "user
 *   rejected", as a string like the EVM adapter's); nothing is broadcast.
 * - A wallet on another chain than the selected network: ChainError code WRONG_NETWORK.
 * - A transaction that was broadcast but did not succeed becomes ChainError "Transaction failed"
 *   (code TRANSACTION_FAILED) with `detail` = java-tron's result (OUT_OF_ENERGY, REVERT, ...) or the
 *   broadcast error code (CONTRACT_VALIDATE_ERROR, BANDWITH_ERROR, ...), `reason` = the decoded
 *   revert reason when there is one, and `txid` when known, so the UI can say "Swap failed: {detail}".
 */
import { ChainError, type ChainErrorCode, TRANSACTION_FAILED } from '../../core/errors';

/** The wallet "user rejected" code (TronLink, EIP-1193, TIP-1193), as ChainError codes carry it. */
export const USER_REJECTED = '4001';
export const USER_REJECTED_MESSAGE = 'Confirmation declined by user';
export const INSTALL_OR_UNLOCK_TRONLINK = 'Install or unlock TronLink';

/** A ChainError as the TRON adapter throws it. */
export type TronChainError = ChainError & {
  /** java-tron's result or broadcast code, e.g. OUT_OF_ENERGY, REVERT, CONTRACT_VALIDATE_ERROR. */
  detail?: string;
  /** Decoded revert reason (Error(string)), when the contract gave one. */
  reason?: string;
  txid?: string;
  cause?: unknown;
};

/** Codes beyond core's list that the services also use (the EVM adapter's convention). */
export type TronErrorCode = ChainErrorCode | typeof USER_REJECTED | 'WRONG_NETWORK';

export function tronError(
  code: TronErrorCode,
  message?: string,
  extra: { detail?: string; reason?: string; txid?: string; cause?: unknown } = {},
): TronChainError {
  // '4001' and WRONG_NETWORK are the services' shared codes (not in every version of core's union).
  const error = new ChainError(code as ChainErrorCode, message) as TronChainError;
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) Object.defineProperty(error, key, { value, enumerable: true });
  }
  return error;
}

export function userRejectedError(cause?: unknown): TronChainError {
  return tronError(USER_REJECTED, USER_REJECTED_MESSAGE, { cause });
}

export function transactionFailed(
  detail?: string,
  extra: { reason?: string; txid?: string; cause?: unknown } = {},
): TronChainError {
  return tronError('TRANSACTION_FAILED', TRANSACTION_FAILED, { detail, ...extra });
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return '';
}

/** TronLink (and the fake TronLink) reject with code 4001 or the text "Confirmation declined by user". */
export function isUserRejection(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (code === USER_REJECTED || code === 4001) return true;
  }
  return /declined by user|user rejected|rejected the request|cancel(l)?ed by user/i.test(
    messageOf(error),
  );
}

/** Any failure of a send, mapped: rejections stay 4001, ChainErrors pass, the rest is "Transaction failed". */
export function toSendError(error: unknown): TronChainError {
  if (error instanceof ChainError) return error as TronChainError;
  if (isUserRejection(error)) return userRejectedError(error);
  // tronweb's send(): a failed broadcast throws an Error whose `error` is java-tron's code.
  const code =
    typeof error === 'object' && error !== null && 'error' in error
      ? String((error as { error: unknown }).error)
      : undefined;
  return transactionFailed(code ?? (messageOf(error) || undefined), { cause: error });
}

/** Decode an Error(string) revert payload (hex, with or without 0x); undefined if it is not one. */
export function decodeRevertReason(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  const data = hex.replace(/^0x/, '');
  if (!data.startsWith('08c379a0') || data.length < 8 + 128) return undefined;
  const body = data.slice(8);
  const length = parseInt(body.slice(64, 128), 16);
  const text = body.slice(128, 128 + length * 2);
  if (!/^([0-9a-f]{2})*$/i.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}
