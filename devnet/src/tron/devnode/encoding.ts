// Constants and encodings shared by the devnode's endpoints: hex and number helpers, a
// transaction's id, size and intrinsic gas, a block's TRON id.
import { getBytes } from 'ethers';
import { utils as tronUtils } from 'tronweb';
import { type TronTx, type EthBlock } from './types';

export const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
export const TRANSFER_TYPE_URL = 'type.googleapis.com/protocol.TransferContract';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** java-tron: a transaction may expire at most 24 h after the head block. */
export const MAX_EXPIRATION_MS = 24 * 3600 * 1000;
/** java-tron's default expiration for node-built transactions. */
export const TX_EXPIRATION_MS = 60_000;
/** java-tron adds this to a transaction's size when charging bandwidth (MAX_RESULT_SIZE_IN_TX). */
export const MAX_RESULT_SIZE_IN_TX = 64n;
export const WITNESS = '41' + 'be2ebd1a9c7ec3cbf8a8a6d7e4d0e8d6c0b2a5f1';

export const utf8Hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');
export const strip0x = (s: string): string => s.replace(/^0x/i, '');
export const toNum = (hex: string): number => Number(BigInt(hex));
export const big = (v: unknown): bigint => {
  if (v === undefined || v === null || v === '') return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  return BigInt(String(v));
};
export const hexQ = (v: bigint): string => '0x' + v.toString(16);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function varintLen(n: bigint): bigint {
  let len = 1n;
  while (n >= 128n) {
    n >>= 7n;
    len++;
  }
  return len;
}

/** Intrinsic gas of an EVM call: 21000 + calldata (4 per zero byte, 16 per non-zero byte). */
export function intrinsicGas(dataHex: string): bigint {
  let gas = 21000n;
  const bytes = getBytes('0x' + strip0x(dataHex));
  for (const b of bytes) gas += b === 0 ? 4n : 16n;
  return gas;
}

/** Serialized size java-tron charges bandwidth for: Transaction{raw_data, signatures} + 64. */
export function transactionSize(tx: TronTx): bigint {
  const raw = BigInt(strip0x(tx.raw_data_hex).length / 2);
  let size = 1n + varintLen(raw) + raw;
  for (const s of tx.signature ?? []) {
    const n = BigInt(strip0x(s).length / 2);
    size += 1n + varintLen(n) + n;
  }
  return size + MAX_RESULT_SIZE_IN_TX;
}

/** Give a transaction JSON its txID and raw_data_hex, computed by tronweb's own protobuf helpers. */
export function finalizeTx(tx: Omit<TronTx, 'txID' | 'raw_data_hex'> & Partial<TronTx>): TronTx {
  const pb = tronUtils.transaction.txJsonToPb(tx);
  tx.txID = strip0x(tronUtils.transaction.txPbToTxID(pb)).toLowerCase();
  tx.raw_data_hex = tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase();
  return tx as TronTx;
}

export function blockIdOf(b: Pick<EthBlock, 'number' | 'hash'>, chainId?: number): string {
  const n = toNum(b.number);
  const id = n.toString(16).padStart(16, '0') + strip0x(b.hash).slice(16);
  // As on TRON, the genesis block's id ends in the chain id (block.chainid: mainnet's 2b6653dc):
  // what a client reads to tell which chain a node is on.
  if (n !== 0 || chainId === undefined) return id;
  return id.slice(0, 56) + (chainId >>> 0).toString(16).padStart(8, '0');
}
