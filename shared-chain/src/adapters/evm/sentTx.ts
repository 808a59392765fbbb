/**
 * The transaction a send handed to the wallet, as the app built it, and what a node says of it.
 *
 * A node's answer to eth_getTransactionByHash is only words: a node of the list could answer
 * another recipient or other calldata for the hash. What the wallet signed is fixed by its hash:
 * the fields of the answer, with its signature, must serialise to exactly that hash. An answer
 * that does not (or that names another sender, chain, recipient, calldata or value than the app
 * built) is refused.
 */
import { Transaction } from 'ethers';
import type { SentRecord } from '../types';

/** A pending or mined transaction as eth_getTransactionByHash gives it. */
export interface NodeTx {
  hash?: string;
  type?: string;
  chainId?: string;
  nonce?: string;
  from?: string;
  to?: string | null;
  input?: string;
  value?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  accessList?: unknown[];
  v?: string;
  r?: string;
  s?: string;
  yParity?: string;
  blockNumber?: string | null;
}

const big = (value: string | undefined): bigint | undefined =>
  value === undefined || value === null ? undefined : BigInt(value);

/** The hash the answer's fields serialise to (the signed transaction's), or undefined. */
export function signedHashOf(answer: NodeTx): string | undefined {
  try {
    const type = answer.type === undefined ? 0 : Number(BigInt(answer.type));
    const tx = Transaction.from({
      type,
      chainId: big(answer.chainId),
      nonce: Number(BigInt(answer.nonce ?? '0x0')),
      to: answer.to ?? null,
      data: answer.input ?? '0x',
      value: big(answer.value) ?? 0n,
      gasLimit: big(answer.gas) ?? 0n,
      ...(type === 2
        ? {
            maxFeePerGas: big(answer.maxFeePerGas),
            maxPriorityFeePerGas: big(answer.maxPriorityFeePerGas),
          }
        : { gasPrice: big(answer.gasPrice) }),
      ...(type !== 0 ? { accessList: (answer.accessList ?? []) as never } : {}),
      signature: {
        r: answer.r as string,
        s: answer.s as string,
        ...(answer.yParity !== undefined && type !== 0
          ? { yParity: Number(BigInt(answer.yParity)) as 0 | 1 }
          : { v: Number(BigInt(answer.v ?? '0x1b')) }),
      },
    });
    return tx.hash ?? undefined;
  } catch {
    return undefined;
  }
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const hex = (h: string | undefined) => (h === undefined || h === '' ? '0x' : h).toLowerCase();

/**
 * Why a node's answer for `hash` is not the transaction the app sent (`sent`), or undefined
 * when it is: its fields must hash to `hash`, and the sender, chain, recipient, calldata and
 * value must be the app's.
 */
export function sentTxProblem(
  answer: NodeTx,
  hash: string,
  sent: SentRecord | undefined,
): string | undefined {
  const signed = signedHashOf(answer);
  if (signed === undefined || !same(signed, hash))
    return 'gave a transaction whose contents do not hash to its id';
  if (sent === undefined) return undefined;
  const changed = [
    !same(answer.from, sent.from) && 'sender',
    answer.chainId !== undefined && Number(BigInt(answer.chainId)) !== sent.chainId && 'chain',
    !same(answer.to, sent.to) && 'recipient',
    hex(answer.input) !== hex(sent.data) && 'calldata',
    (big(answer.value) ?? 0n) !== BigInt(sent.value) && 'value',
    sent.nonce !== undefined && Number(BigInt(answer.nonce ?? '0x0')) !== sent.nonce && 'nonce',
  ].filter((x): x is string => typeof x === 'string');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
  return changed.length === 0 ? undefined : `gave another ${changed.join(', ')} than was sent`;
}
