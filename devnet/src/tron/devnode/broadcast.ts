// broadcasttransaction: java-tron's checks (txID, duplicate, TAPOS, expiration, signature),
// then execution (execute.ts), one transaction at a time.
import { recoverAddress, Signature } from 'ethers';
import { utils as tronUtils } from 'tronweb';
import { toBase58 } from '../address';
import { type Json, type TronTx, type TxRecord, TronApiError, addressField } from './types';
import { MAX_EXPIRATION_MS, utf8Hex, strip0x, toNum, blockIdOf } from './encoding';
import type { DevnodeState } from './state';
import { executeTrigger, executeTransfer } from './execute';

export async function broadcast(node: DevnodeState, body: Json): Promise<Json> {
  const tx = body as unknown as TronTx;
  const txid = strip0x(String(tx.txID ?? '')).toLowerCase();
  try {
    const rec = await node.serial(() => checkAndExecute(node, tx));
    return { result: true, txid: rec.id };
  } catch (e) {
    if (e instanceof TronApiError) {
      node.log(`broadcast ${txid}: ${e.code} ${e.message}`);
      return { code: e.code, txid, message: utf8Hex(e.message) };
    }
    const msg = e instanceof Error ? e.message : String(e);
    node.log(`broadcast ${txid}: OTHER_ERROR ${msg}`);
    return { code: 'OTHER_ERROR', txid, message: utf8Hex(msg) };
  }
}

export async function checkAndExecute(node: DevnodeState, tx: TronTx): Promise<TxRecord> {
  const sigErr = (m: string) => new TronApiError('SIGERROR', `Validate signature error: ${m}`);
  if (
    !tx ||
    typeof tx !== 'object' ||
    !tx.raw_data ||
    !Array.isArray(tx.raw_data.contract) ||
    tx.raw_data.contract.length !== 1
  ) {
    throw new TronApiError(
      'OTHER_ERROR',
      'Invalid transaction: raw_data with exactly one contract is required',
    );
  }
  if (!Array.isArray(tx.signature) || tx.signature.length === 0)
    throw sigErr('transaction is not signed');
  // 1. txID and raw_data_hex must be what raw_data serialises to (tronweb's own txCheck).
  let computedId: string;
  try {
    const pb = tronUtils.transaction.txJsonToPb(tx);
    computedId = strip0x(tronUtils.transaction.txPbToTxID(pb)).toLowerCase();
    if (!tronUtils.transaction.txCheck(tx))
      throw new Error('txID or raw_data_hex does not match raw_data');
  } catch (e) {
    throw sigErr(e instanceof Error ? e.message : String(e));
  }
  const txid = computedId;
  // 2. duplicate
  if (node.txs.has(txid)) throw new TronApiError('DUP_TRANSACTION_ERROR', 'Dup transaction.');
  // 3. TAPOS
  const head = await node.latestBlock();
  const headNum = toNum(head.number);
  const refBytes = parseInt(String(tx.raw_data.ref_block_bytes ?? ''), 16);
  const refHash = String(tx.raw_data.ref_block_hash ?? '').toLowerCase();
  let tapos = false;
  if (Number.isFinite(refBytes) && refBytes >= 0 && refBytes <= 0xffff) {
    const n = headNum - ((headNum - refBytes) & 0xffff);
    if (n >= 0) {
      const ref = n === headNum ? head : await node.blockByNumber(n);
      tapos = !!ref && blockIdOf(ref, node.chainId).slice(16, 32) === refHash;
    }
  }
  if (!tapos) {
    throw new TronApiError(
      'TAPOS_ERROR',
      `Tapos check error: ref block ${tx.raw_data.ref_block_bytes}/${tx.raw_data.ref_block_hash} is not a recent block`,
    );
  }
  // 4. expiration
  const headTime = Math.max(toNum(head.timestamp) * 1000, node.nowMs());
  const expiration = Number(tx.raw_data.expiration ?? 0);
  if (expiration <= headTime) {
    throw new TronApiError(
      'TRANSACTION_EXPIRATION_ERROR',
      `Transaction expired: expiration ${expiration} <= head block time ${headTime}`,
    );
  }
  if (expiration > headTime + MAX_EXPIRATION_MS) {
    throw new TronApiError(
      'TRANSACTION_EXPIRATION_ERROR',
      `Transaction expiration time is ${expiration}, but maximum acceptable expiration time is ${headTime + MAX_EXPIRATION_MS}`,
    );
  }
  // 5. signature (single owner key, threshold 1)
  const contract = tx.raw_data.contract[0]!;
  if (contract.Permission_id)
    throw sigErr(
      `permission id ${contract.Permission_id} is not supported by the devnode (owner permission only)`,
    );
  if (tx.signature.length > 1)
    throw sigErr(
      `Signature count is ${tx.signature.length} more than key counts of permission : 1`,
    );
  const value = contract.parameter?.value ?? {};
  const owner = addressField(value.owner_address, 'Invalid ownerAddress');
  let signer: string;
  try {
    const sig = Signature.from('0x' + strip0x(String(tx.signature[0])));
    signer = recoverAddress('0x' + txid, sig).toLowerCase();
  } catch (e) {
    throw sigErr(e instanceof Error ? e.message : String(e));
  }
  if (signer !== owner)
    throw sigErr(`${toBase58(signer)} is not an owner key of ${toBase58(owner)}`);
  // 6. execute
  const stored: TronTx = { ...tx, txID: txid };
  delete stored.ret;
  switch (contract.type) {
    case 'TriggerSmartContract':
      return executeTrigger(node, stored, owner, value);
    case 'TransferContract':
      return executeTransfer(node, stored, owner, value);
    default:
      throw new TronApiError(
        'CONTRACT_VALIDATE_ERROR',
        `Contract validate error : contract type ${contract.type} is not supported by the devnode`,
      );
  }
}
