// TronGrid's /v1 event API (contract, transaction and block events) from anvil's logs.
import { toEvmAddress } from '../address';
import { toTronGridEvent, type TronGridEvent } from '../abi';
import { type Json, type EthLog } from './types';
import { strip0x, toNum, hexQ } from './encoding';
import type { DevnodeState } from './state';

export async function eventsFromLogs(
  node: DevnodeState,
  logs: EthLog[],
): Promise<{ ev: TronGridEvent; order: [number, number, number] }[]> {
  const out: { ev: TronGridEvent; order: [number, number, number] }[] = [];
  for (const l of logs) {
    const parsed = node.registry.parseLog(l.address, l.topics, l.data);
    if (!parsed) continue;
    const r = await node.receipt(l.transactionHash);
    const first = r?.logs[0] ? toNum(r.logs[0].logIndex) : toNum(l.logIndex);
    const bn = toNum(l.blockNumber);
    const tronId =
      node.ethToTron.get(l.transactionHash.toLowerCase()) ?? strip0x(l.transactionHash);
    const ev = toTronGridEvent(parsed.desc, {
      blockNumber: bn,
      blockTimestamp: await node.blockTimestamp(bn),
      emitter: l.address,
      caller: r?.to ?? l.address,
      eventIndex: toNum(l.logIndex) - first,
      transactionId: tronId,
    });
    out.push({ ev, order: [bn, toNum(l.transactionIndex), toNum(l.logIndex)] });
  }
  return out;
}

export async function handleEvents(
  node: DevnodeState,
  pathname: string,
  q: URLSearchParams,
  fullUrl: URL,
): Promise<{ status: number; body: unknown }> {
  const fail = (status: number, error: string) => ({
    status,
    body: { success: false, error, statusCode: status },
  });
  let m: RegExpMatchArray | null;
  let logs: EthLog[] = [];
  if ((m = pathname.match(/^\/v1\/contracts\/([^/]+)\/events\/?$/))) {
    let evm: string;
    try {
      evm = toEvmAddress(decodeURIComponent(m[1]!));
    } catch {
      return fail(400, 'invalid contract address');
    }
    const bn = q.get('block_number');
    const range = bn
      ? { fromBlock: hexQ(BigInt(bn)), toBlock: hexQ(BigInt(bn)) }
      : { fromBlock: '0x0', toBlock: 'latest' };
    logs = await node.rpc.call<EthLog[]>('eth_getLogs', [{ address: evm, ...range }]);
  } else if ((m = pathname.match(/^\/v1\/transactions\/([^/]+)\/events\/?$/))) {
    const id = strip0x(decodeURIComponent(m[1]!)).toLowerCase();
    const rec = node.txs.get(id);
    const hash = rec ? rec.ethHash : '0x' + id;
    if (!/^0x[0-9a-f]{64}$/.test(hash))
      return fail(400, JSON.stringify({ message: `invalid transaction id: ${id}` }));
    const r = await node.receipt(hash);
    logs = r?.logs ?? [];
  } else if ((m = pathname.match(/^\/v1\/blocks\/([^/]+)\/events\/?$/))) {
    const which = decodeURIComponent(m[1]!);
    const n = which === 'latest' ? toNum((await node.latestBlock()).number) : Number(which);
    if (!Number.isInteger(n) || n < 0) return fail(400, 'invalid block number');
    logs = await node.rpc.call<EthLog[]>('eth_getLogs', [
      { fromBlock: hexQ(BigInt(n)), toBlock: hexQ(BigInt(n)) },
    ]);
  } else {
    return fail(404, `not found: ${pathname}`);
  }
  let items = await eventsFromLogs(node, logs);
  const eventName = q.get('event_name');
  if (eventName) items = items.filter((x) => x.ev.event_name === eventName);
  const bn = q.get('block_number');
  if (bn) items = items.filter((x) => x.ev.block_number === Number(bn));
  const minTs = q.get('min_block_timestamp');
  if (minTs) items = items.filter((x) => x.ev.block_timestamp >= Number(minTs));
  const maxTs = q.get('max_block_timestamp');
  if (maxTs) items = items.filter((x) => x.ev.block_timestamp <= Number(maxTs));
  if (q.get('only_unconfirmed') === 'true') items = [];
  const asc = (q.get('order_by') ?? 'block_timestamp,desc').toLowerCase().endsWith(',asc');
  items.sort((a, b) => {
    for (let i = 0; i < 3; i++) {
      const d = a.order[i]! - b.order[i]!;
      if (d) return asc ? d : -d;
    }
    return 0;
  });
  const limit = Math.max(1, Math.min(200, Number(q.get('limit') ?? 20) || 20));
  const fp = q.get('fingerprint');
  const offset = fp ? Number(Buffer.from(fp, 'base64').toString('utf8')) || 0 : 0;
  const page = items.slice(offset, offset + limit).map((x) => x.ev);
  const meta: Json = { at: Date.now(), page_size: page.length };
  if (offset + limit < items.length) {
    const next = Buffer.from(String(offset + limit), 'utf8').toString('base64');
    const nextUrl = new URL(fullUrl.toString());
    nextUrl.searchParams.set('fingerprint', next);
    meta.fingerprint = next;
    meta.links = { next: nextUrl.toString() };
  }
  return { status: 200, body: { success: true, data: page, meta } };
}
