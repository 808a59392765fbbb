// Transactions and their info by id or block (gettransactionbyid, gettransactioninfoby*).
import { toTronHex } from '../address';
import { type Json, type EthTx, type EthReceipt } from './types';
import { utf8Hex, strip0x, toNum, big } from './encoding';
import type { DevnodeState } from './state';
import { synthesizedTx } from './blocks';

export async function getTransactionById(node: DevnodeState, p: Json): Promise<Json> {
  const id = strip0x(String(p.value ?? '')).toLowerCase();
  const rec = node.txs.get(id);
  if (rec) return { ret: [{ contractRet: rec.contractRet }], ...rec.tx };
  if (!/^[0-9a-f]{64}$/.test(id)) return {};
  const t = await node.rpc.call<EthTx & { blockNumber: string | null }>(
    'eth_getTransactionByHash',
    ['0x' + id],
  );
  if (!t || !t.blockNumber) return {};
  return synthesizedTx(node, t, await node.blockTimestamp(toNum(t.blockNumber)));
}

export async function getTransactionInfoById(node: DevnodeState, p: Json): Promise<Json> {
  const id = strip0x(String(p.value ?? '')).toLowerCase();
  const rec = node.txs.get(id);
  if (rec) return rec.info;
  if (!/^[0-9a-f]{64}$/.test(id)) return {};
  const r = await node.receipt('0x' + id);
  if (!r) return {};
  return synthesizedInfo(node, r);
}

/** Transaction info for an anvil transaction that did not come through the devnode. */
export async function synthesizedInfo(node: DevnodeState, r: EthReceipt): Promise<Json> {
  const bn = toNum(r.blockNumber);
  const info: Json = {
    id: strip0x(r.transactionHash),
    blockNumber: bn,
    blockTimeStamp: await node.blockTimestamp(bn),
    contractResult: [''],
  };
  const target = r.to ?? r.contractAddress;
  if (target) info.contract_address = toTronHex(target);
  const gas = big(r.gasUsed);
  const receipt: Json = {};
  if (gas > 21000n) receipt.energy_usage_total = Number(gas - 21000n);
  receipt.result = r.status === '0x1' ? 'SUCCESS' : 'REVERT';
  info.receipt = receipt;
  info.log = r.logs.map((l) => tronLog(l));
  if (r.status !== '0x1') {
    info.result = 'FAILED';
    info.resMessage = utf8Hex('REVERT opcode executed');
  }
  return info;
}

export function tronLog(l: { address: string; topics: string[]; data: string }): Json {
  const out: Json = {
    address: strip0x(l.address).toLowerCase(),
    topics: l.topics.map((t) => strip0x(t)),
  };
  const d = strip0x(l.data);
  if (d) out.data = d;
  return out;
}

export async function getTransactionInfoByBlockNum(
  node: DevnodeState,
  p: Json,
): Promise<unknown[]> {
  const n = Number(p.num ?? 0);
  const b = await node.blockByNumber(n);
  if (!b) return [];
  const out: unknown[] = [];
  for (const h of b.transactions as string[]) {
    out.push(
      await getTransactionInfoById(node, {
        value: node.ethToTron.get(h.toLowerCase()) ?? strip0x(h),
      }),
    );
  }
  return out;
}
