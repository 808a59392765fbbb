// Transactions the node builds for a wallet to sign (triggersmartcontract, createtransaction).
import { id as keccakId } from 'ethers';
import { toBase58, toTronHex } from '../address';
import {
  type Json,
  type TronContractJson,
  type TronRawData,
  type TronTx,
  TronApiError,
} from './types';
import {
  TRIGGER_TYPE_URL,
  TRANSFER_TYPE_URL,
  TX_EXPIRATION_MS,
  strip0x,
  toNum,
  big,
  finalizeTx,
  blockIdOf,
} from './encoding';
import type { DevnodeState } from './state';

export async function buildTx(
  node: DevnodeState,
  contract: TronContractJson,
  feeLimit: bigint | undefined,
  visible: boolean,
): Promise<TronTx> {
  const head = await node.freshHead();
  const now = Math.max(node.nowMs(), toNum(head.timestamp) * 1000);
  const raw: TronRawData = {
    contract: [contract],
    ref_block_bytes: (toNum(head.number) & 0xffff).toString(16).padStart(4, '0'),
    ref_block_hash: blockIdOf(head, node.chainId).slice(16, 32),
    expiration: now + TX_EXPIRATION_MS,
    timestamp: now,
  };
  if (feeLimit !== undefined && feeLimit > 0n) raw.fee_limit = Number(feeLimit);
  return finalizeTx({ visible, raw_data: raw });
}

export function triggerValue(p: Json, visible: boolean): { value: Json; data: string } {
  if (!p.owner_address)
    throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'owner_address is required');
  if (!p.contract_address)
    throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'contract_address is required');
  const fmt = (a: unknown) => (visible ? toBase58(String(a)) : toTronHex(String(a)));
  let data: string;
  if (p.function_selector) {
    data = keccakId(String(p.function_selector)).slice(2, 10) + strip0x(String(p.parameter ?? ''));
  } else {
    data = strip0x(String(p.data ?? ''));
  }
  const value: Json = {
    data,
    owner_address: fmt(p.owner_address),
    contract_address: fmt(p.contract_address),
  };
  if (big(p.call_value) > 0n) value.call_value = Number(big(p.call_value));
  if (big(p.call_token_value) > 0n) value.call_token_value = Number(big(p.call_token_value));
  if (big(p.token_id) > 0n) value.token_id = Number(big(p.token_id));
  return { value, data };
}

export async function triggerSmartContract(node: DevnodeState, p: Json): Promise<Json> {
  const visible = p.visible === true || p.visible === 'true';
  const { value } = triggerValue(p, visible);
  const contract: TronContractJson = {
    parameter: { value, type_url: TRIGGER_TYPE_URL },
    type: 'TriggerSmartContract',
  };
  if (p.Permission_id) contract.Permission_id = Number(p.Permission_id);
  const tx = await buildTx(
    node,
    contract,
    p.fee_limit !== undefined ? big(p.fee_limit) : undefined,
    visible,
  );
  return { result: { result: true }, transaction: tx };
}

export async function createTransaction(node: DevnodeState, p: Json): Promise<Json> {
  const visible = p.visible === true || p.visible === 'true';
  const fmt = (a: unknown) => (visible ? toBase58(String(a)) : toTronHex(String(a)));
  const value: Json = {
    amount: Number(big(p.amount)),
    owner_address: fmt(p.owner_address),
    to_address: fmt(p.to_address),
  };
  const contract: TronContractJson = {
    parameter: { value, type_url: TRANSFER_TYPE_URL },
    type: 'TransferContract',
  };
  if (p.Permission_id) contract.Permission_id = Number(p.Permission_id);
  return buildTx(node, contract, undefined, visible) as unknown as Promise<Json>;
}
