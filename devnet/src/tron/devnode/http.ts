// The HTTP server side: CORS, bodies, routing of /wallet/* and /walletsolidity/* to the
// endpoints, /v1/* to the event API and /devnode/* to the in-process admin API.
import http from 'node:http';
import { type Json, TronApiError } from './types';
import { utf8Hex, strip0x, toNum } from './encoding';
import type { DevnodeState } from './state';
import { tronBlock, resolveBlock, getNodeInfo, getChainParameters } from './blocks';
import { getAccount, getAccountNet, getAccountResource } from './accounts';
import { triggerSmartContract, createTransaction } from './build';
import { constantCall, getContract, getContractInfo } from './contracts';
import { broadcast } from './broadcast';
import {
  getTransactionById,
  getTransactionInfoById,
  getTransactionInfoByBlockNum,
} from './transactions';
import { handleEvents } from './events';

export async function readBody(req: http.IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  if (text.startsWith('{') || text.startsWith('[')) return JSON.parse(text) as Json;
  const out: Json = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

/** The in-process admin API's endpoints (/devnode/<name>), the devnode's own. */
export type AdminEndpoint = (name: string, params: Json) => Promise<unknown>;

export async function handle(
  node: DevnodeState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  admin: AdminEndpoint,
): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    String(req.headers['access-control-request-headers'] ?? 'Content-Type, TRON-PRO-API-KEY'),
  );
  res.setHeader('Access-Control-Max-Age', '86400');
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return;
  }
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const url = new URL(req.url ?? '/', node.url);
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  try {
    if (pathname === '/healthcheck' || pathname === '/') return send(200, { status: 'ok' });
    if (pathname.startsWith('/v1/')) {
      const r = await handleEvents(node, pathname, url.searchParams, url);
      return send(r.status, r.body);
    }
    let params: Json = {};
    if (req.method === 'POST') params = await readBody(req);
    for (const [k, v] of url.searchParams) if (params[k] === undefined) params[k] = v;
    if (pathname.startsWith('/devnode/'))
      return send(200, await admin(pathname.slice('/devnode/'.length), params));
    const m = pathname.match(/^\/(wallet|walletsolidity)\/([a-z0-9]+)$/i);
    if (!m) return send(404, { Error: `Unknown endpoint ${pathname}` });
    const result = await handleWallet(node, m[2]!.toLowerCase(), params);
    if (result === undefined)
      return send(404, { Error: `Endpoint ${pathname} is not supported by the devnode` });
    return send(200, result);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof TronApiError && pathname.match(/trigger|estimateenergy|createtransaction/)) {
      return send(200, { result: { code: e.code, message: utf8Hex(msg) } });
    }
    return send(200, { Error: `class java.lang.IllegalArgumentException : ${msg}` });
  }
}

export async function handleWallet(node: DevnodeState, name: string, p: Json): Promise<unknown> {
  switch (name) {
    case 'getnowblock':
      return tronBlock(node, await node.freshHead(), true);
    case 'getblock': {
      const detail = p.detail === true || p.detail === 'true';
      const b = await resolveBlock(node, p.id_or_num);
      return b ? tronBlock(node, b, detail) : {};
    }
    case 'getblockbynum': {
      const b = await node.blockByNumber(Number(p.num ?? 0));
      return b ? tronBlock(node, b, true) : {};
    }
    case 'getblockbyid': {
      const b = await resolveBlock(node, strip0x(String(p.value ?? '')));
      return b ? tronBlock(node, b, true) : {};
    }
    case 'getblockbylatestnum': {
      const head = toNum((await node.latestBlock()).number);
      const num = Math.max(1, Math.min(100, Number(p.num ?? 1)));
      const blocks: Json[] = [];
      for (let n = Math.max(0, head - num + 1); n <= head; n++) {
        const b = await node.blockByNumber(n);
        if (b) blocks.push(await tronBlock(node, b, true));
      }
      return { block: blocks };
    }
    case 'getblockbylimitnext': {
      const start = Number(p.startNum ?? 0);
      const end = Math.min(Number(p.endNum ?? start), start + 100);
      const blocks: Json[] = [];
      for (let n = start; n < end; n++) {
        const b = await node.blockByNumber(n);
        if (b) blocks.push(await tronBlock(node, b, true));
      }
      return { block: blocks };
    }
    case 'getaccount':
      return getAccount(node, p);
    case 'getaccountnet':
      return getAccountNet(node, p);
    case 'getaccountresource':
      return getAccountResource(node, p);
    case 'getcontract':
      return getContract(node, p);
    case 'getcontractinfo':
      return getContractInfo(node, p);
    case 'triggerconstantcontract':
      return constantCall(node, p, false);
    case 'estimateenergy':
      return constantCall(node, p, true);
    case 'triggersmartcontract':
      return triggerSmartContract(node, p);
    case 'createtransaction':
      return createTransaction(node, p);
    case 'broadcasttransaction':
      return broadcast(node, p);
    case 'gettransactionbyid':
      return getTransactionById(node, p);
    case 'gettransactioninfobyid':
      return getTransactionInfoById(node, p);
    case 'gettransactioninfobyblocknum':
      return getTransactionInfoByBlockNum(node, p);
    case 'getnodeinfo':
      return getNodeInfo(node);
    case 'getchainparameters':
      return getChainParameters(node);
    case 'getenergyprices':
      return { prices: `0:${node.params.energyPrice}` };
    case 'getbandwidthprices':
      return { prices: `0:${node.params.bandwidthPrice}` };
    default:
      return undefined;
  }
}
