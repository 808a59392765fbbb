/**
 * The TRON devnode: the subset of java-tron's full-node HTTP API (plus TronGrid's /v1 event API)
 * that tronweb and a DEX front end use, executed on an anvil node.
 *
 * - TRON txIDs, raw_data_hex and the protobuf come from tronweb's own helpers, so tronweb accepts
 *   what the devnode builds and the devnode checks what tronweb signs the same way tronweb does.
 * - A broadcast is checked (txCheck, duplicate, TAPOS, expiration, signature, contract rules,
 *   bandwidth) and then executed on anvil as the signer (auto-impersonation, gas price 0).
 * - 1 sun = 1 wei. Energy and bandwidth are modelled per account (resources.ts); TRX burned for
 *   them is taken from the signer's anvil balance with anvil_setBalance.
 */
import http from 'node:http';
import { getBytes, id as keccakId, recoverAddress, Signature, type JsonFragment } from 'ethers';
import { utils as tronUtils } from 'tronweb';
import { AnvilRpc, RpcError } from './anvil';
import { toBase58, toEvmAddress, toTronHex } from './address';
import { AbiRegistry, codeHashOf, toTronAbi, toTronGridEvent, type TronGridEvent } from './abi';
import { DEFAULT_RESOURCE_PARAMS, ResourceBook, type ResourceParams } from './resources';

// ─── types ──────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;

export interface TronContractJson {
  parameter: { value: Json; type_url: string };
  type: string;
  Permission_id?: number;
}

export interface TronRawData {
  contract: TronContractJson[];
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp?: number;
  fee_limit?: number;
  data?: string;
}

export interface TronTx {
  visible?: boolean;
  txID: string;
  raw_data: TronRawData;
  raw_data_hex: string;
  signature?: string[];
  ret?: { contractRet?: string; ret?: string }[];
}

interface EthBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactionsRoot: string;
  miner: string;
  gasLimit: string;
  transactions: (string | EthTx)[];
}

interface EthTx {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  value: string;
}

interface EthLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
}

interface EthReceipt {
  transactionHash: string;
  blockNumber: string;
  status: string;
  gasUsed: string;
  to: string | null;
  from: string;
  contractAddress: string | null;
  logs: EthLog[];
}

interface CallTrace {
  output?: string;
  error?: string;
  gasUsed?: string;
}

interface TxRecord {
  id: string;
  tx: TronTx;
  ethHash: string;
  blockNumber: number;
  blockTimeStamp: number;
  contractRet: string;
  info: Json;
}

export class TronApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface DevnodeOptions {
  /** anvil JSON-RPC url. */
  rpcUrl: string;
  /** HTTP port (default 8090; 0 = any free port). */
  port?: number;
  host?: string;
  resources?: Partial<ResourceParams>;
  /**
   * Before handing out a reference block, mine an empty block when the head is older than this
   * many ms (a real TRON chain makes a block every 3 s; this keeps ref blocks and the head time fresh).
   */
  idleBlockMs?: number;
  log?: (msg: string) => void;
}

const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
const TRANSFER_TYPE_URL = 'type.googleapis.com/protocol.TransferContract';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** java-tron: a transaction may expire at most 24 h after the head block. */
const MAX_EXPIRATION_MS = 24 * 3600 * 1000;
/** java-tron's default expiration for node-built transactions. */
const TX_EXPIRATION_MS = 60_000;
/** java-tron adds this to a transaction's size when charging bandwidth (MAX_RESULT_SIZE_IN_TX). */
const MAX_RESULT_SIZE_IN_TX = 64n;
const WITNESS = '41' + 'be2ebd1a9c7ec3cbf8a8a6d7e4d0e8d6c0b2a5f1';

const utf8Hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');
const strip0x = (s: string): string => s.replace(/^0x/i, '');
const toNum = (hex: string): number => Number(BigInt(hex));
const big = (v: unknown): bigint => {
  if (v === undefined || v === null || v === '') return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  return BigInt(String(v));
};
const hexQ = (v: bigint): string => '0x' + v.toString(16);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function blockIdOf(b: EthBlock): string {
  return toNum(b.number).toString(16).padStart(16, '0') + strip0x(b.hash).slice(16);
}

// ─── the devnode ────────────────────────────────────────────────────────────

export class TronDevnode {
  readonly rpc: AnvilRpc;
  readonly registry = new AbiRegistry();
  readonly resources: ResourceBook;
  private server: http.Server | undefined;
  private readonly txs = new Map<string, TxRecord>();
  private readonly ethToTron = new Map<string, string>();
  private readonly receipts = new Map<string, EthReceipt>();
  private readonly blockTs = new Map<number, number>();
  private clock = { number: -1, tsMs: 0, seenAt: 0 };
  private queue: Promise<unknown> = Promise.resolve();
  private readonly idleBlockMs: number;
  private blockGasLimit = 30_000_000n;
  private port: number;
  private readonly host: string;
  private readonly log: (msg: string) => void;

  constructor(readonly opts: DevnodeOptions) {
    this.rpc = new AnvilRpc(opts.rpcUrl);
    this.resources = new ResourceBook({ ...DEFAULT_RESOURCE_PARAMS, ...opts.resources });
    this.idleBlockMs = opts.idleBlockMs ?? 30_000;
    this.port = opts.port ?? 8090;
    this.host = opts.host ?? '127.0.0.1';
    this.log = opts.log ?? (() => undefined);
  }

  get url(): string {
    return `http://${this.host}:${this.port}`;
  }

  get params(): ResourceParams {
    return this.resources.params;
  }

  async start(): Promise<void> {
    await this.rpc.call('anvil_autoImpersonateAccount', [true]);
    const head = await this.latestBlock();
    this.blockGasLimit = big(head.gasLimit);
    this.server = http.createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, this.host, () => resolve());
    });
    const addr = this.server.address();
    if (addr && typeof addr === 'object') this.port = addr.port;
    this.log(`TRON devnode on ${this.url} (anvil ${this.opts.rpcUrl})`);
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  // ─── in-process admin API ──────────────────────────────────────────────

  /** Register a contract's ABI so getcontract (tronWeb.contract().at()) and the event API know it. */
  async registerContract(
    address: string,
    abi: readonly JsonFragment[] | unknown[],
    name?: string,
  ): Promise<void> {
    const evm = toEvmAddress(address);
    const code = await this.rpc.call<string>('eth_getCode', [evm, 'latest']);
    this.registry.register(
      evm,
      abi as JsonFragment[],
      name,
      code && code !== '0x' ? codeHashOf(code) : undefined,
    );
  }

  /** Set an account's staked energy/bandwidth limits (and optionally its current usage). */
  setResources(
    address: string,
    r: {
      energyLimit?: bigint | number;
      netLimit?: bigint | number;
      energyUsed?: bigint | number;
      netUsed?: bigint | number;
      freeNetUsed?: bigint | number;
    },
  ): void {
    const patch: Parameters<ResourceBook['set']>[2] = {};
    if (r.energyLimit !== undefined) patch.energyLimit = big(r.energyLimit);
    if (r.netLimit !== undefined) patch.netLimit = big(r.netLimit);
    if (r.energyUsed !== undefined) patch.energyUsed = big(r.energyUsed);
    if (r.netUsed !== undefined) patch.netUsed = big(r.netUsed);
    if (r.freeNetUsed !== undefined) patch.freeNetUsed = big(r.freeNetUsed);
    this.resources.set(toEvmAddress(address), this.nowMs(), patch);
  }

  async setBalance(address: string, sun: bigint): Promise<void> {
    const evm = toEvmAddress(address);
    await this.rpc.call('anvil_setBalance', [evm, hexQ(sun)]);
    this.resources.get(evm); // activated
  }

  /** The devnode's notion of "now" on the chain (ms): head block time plus time since it was seen. */
  nowMs(): number {
    return this.clock.tsMs + (Date.now() - this.clock.seenAt);
  }

  // ─── anvil helpers ─────────────────────────────────────────────────────

  private observe(b: EthBlock): void {
    const n = toNum(b.number);
    const ts = toNum(b.timestamp) * 1000;
    this.blockTs.set(n, ts);
    if (n > this.clock.number) this.clock = { number: n, tsMs: ts, seenAt: Date.now() };
  }

  private async latestBlock(): Promise<EthBlock> {
    const b = await this.rpc.call<EthBlock>('eth_getBlockByNumber', ['latest', false]);
    this.observe(b);
    return b;
  }

  /** Latest block; mines an empty one first when the head is stale (see idleBlockMs). */
  private async freshHead(): Promise<EthBlock> {
    const b = await this.latestBlock();
    if (this.nowMs() - toNum(b.timestamp) * 1000 > this.idleBlockMs) {
      await this.rpc.call('evm_mine', []);
      return this.latestBlock();
    }
    return b;
  }

  private async blockByNumber(n: number, full = false): Promise<EthBlock | null> {
    const b = await this.rpc.call<EthBlock | null>('eth_getBlockByNumber', [hexQ(BigInt(n)), full]);
    if (b) this.observe(b);
    return b;
  }

  private async blockTimestamp(n: number): Promise<number> {
    const cached = this.blockTs.get(n);
    if (cached !== undefined) return cached;
    const b = await this.blockByNumber(n);
    return b ? toNum(b.timestamp) * 1000 : 0;
  }

  private async receipt(hash: string): Promise<EthReceipt | null> {
    const key = hash.toLowerCase();
    const cached = this.receipts.get(key);
    if (cached) return cached;
    const r = await this.rpc.call<EthReceipt | null>('eth_getTransactionReceipt', [key]);
    if (r) this.receipts.set(key, r);
    return r;
  }

  private async waitReceipt(hash: string): Promise<EthReceipt> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await this.receipt(hash);
      if (r) return r;
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
      await sleep(10);
    }
  }

  private async balanceOf(evm: string): Promise<bigint> {
    return big(await this.rpc.call<string>('eth_getBalance', [evm, 'latest']));
  }

  private async exists(
    evm: string,
  ): Promise<{ balance: bigint; nonce: number; code: string; exists: boolean }> {
    const [bal, nonce, code] = await Promise.all([
      this.rpc.call<string>('eth_getBalance', [evm, 'latest']),
      this.rpc.call<string>('eth_getTransactionCount', [evm, 'latest']),
      this.rpc.call<string>('eth_getCode', [evm, 'latest']),
    ]);
    const balance = big(bal);
    const n = toNum(nonce);
    return {
      balance,
      nonce: n,
      code,
      exists: balance > 0n || n > 0 || code !== '0x' || this.resources.has(evm),
    };
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ─── blocks ────────────────────────────────────────────────────────────

  private async tronBlock(b: EthBlock, detail: boolean): Promise<Json> {
    const n = toNum(b.number);
    const parentId =
      n > 0
        ? (n - 1).toString(16).padStart(16, '0') + strip0x(b.parentHash).slice(16)
        : strip0x(b.parentHash);
    const block: Json = {
      blockID: blockIdOf(b),
      block_header: {
        raw_data: {
          number: n,
          txTrieRoot: strip0x(b.transactionsRoot),
          witness_address: WITNESS,
          parentHash: parentId,
          version: 32,
          timestamp: toNum(b.timestamp) * 1000,
        },
        witness_signature: strip0x(b.hash) + strip0x(b.hash) + '00',
      },
    };
    if (detail && b.transactions.length) {
      const full = typeof b.transactions[0] === 'string' ? await this.blockByNumber(n, true) : b;
      const txs: Json[] = [];
      for (const t of (full?.transactions ?? []) as EthTx[]) {
        const tronId = this.ethToTron.get(t.hash.toLowerCase());
        const rec = tronId ? this.txs.get(tronId) : undefined;
        if (rec) txs.push({ ret: [{ contractRet: rec.contractRet }], ...rec.tx });
        else txs.push(await this.synthesizedTx(t, toNum(b.timestamp) * 1000));
      }
      block.transactions = txs;
    }
    return block;
  }

  /** A TRON-shaped view of an anvil transaction that did not come through the devnode (e.g. seeding). */
  private async synthesizedTx(t: EthTx, ts: number): Promise<Json> {
    const r = await this.receipt(t.hash);
    const owner = toTronHex(t.from);
    let contract: Json;
    if (!t.to) {
      contract = {
        parameter: {
          value: { owner_address: owner, new_contract: { bytecode: strip0x(t.input) } },
          type_url: 'type.googleapis.com/protocol.CreateSmartContract',
        },
        type: 'CreateSmartContract',
      };
    } else if (t.input === '0x' || t.input === '') {
      contract = {
        parameter: {
          value: {
            amount: Number(big(t.value)),
            owner_address: owner,
            to_address: toTronHex(t.to),
          },
          type_url: TRANSFER_TYPE_URL,
        },
        type: 'TransferContract',
      };
    } else {
      const value: Json = {
        data: strip0x(t.input),
        owner_address: owner,
        contract_address: toTronHex(t.to),
      };
      if (big(t.value) > 0n) value.call_value = Number(big(t.value));
      contract = { parameter: { value, type_url: TRIGGER_TYPE_URL }, type: 'TriggerSmartContract' };
    }
    return {
      ret: [{ contractRet: r && r.status === '0x1' ? 'SUCCESS' : 'REVERT' }],
      signature: [],
      txID: strip0x(t.hash),
      raw_data: {
        contract: [contract],
        ref_block_bytes: '',
        ref_block_hash: '',
        expiration: ts + TX_EXPIRATION_MS,
        timestamp: ts,
      },
      raw_data_hex: '',
    };
  }

  private async resolveBlock(idOrNum: unknown): Promise<EthBlock | null> {
    if (idOrNum === undefined || idOrNum === null || idOrNum === '') return this.freshHead();
    const s = String(idOrNum);
    if (/^\d+$/.test(s)) return this.blockByNumber(Number(s));
    if (/^[0-9a-fA-F]{64}$/.test(s)) {
      const b = await this.blockByNumber(parseInt(s.slice(0, 16), 16));
      return b && blockIdOf(b) === s.toLowerCase() ? b : null;
    }
    throw new TronApiError('OTHER_ERROR', `invalid id_or_num: ${s}`);
  }

  // ─── transactions the node builds ──────────────────────────────────────

  private async buildTx(
    contract: TronContractJson,
    feeLimit: bigint | undefined,
    visible: boolean,
  ): Promise<TronTx> {
    const head = await this.freshHead();
    const now = Math.max(this.nowMs(), toNum(head.timestamp) * 1000);
    const raw: TronRawData = {
      contract: [contract],
      ref_block_bytes: (toNum(head.number) & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: blockIdOf(head).slice(16, 32),
      expiration: now + TX_EXPIRATION_MS,
      timestamp: now,
    };
    if (feeLimit !== undefined && feeLimit > 0n) raw.fee_limit = Number(feeLimit);
    return finalizeTx({ visible, raw_data: raw });
  }

  private triggerValue(p: Json, visible: boolean): { value: Json; data: string } {
    if (!p.owner_address)
      throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'owner_address is required');
    if (!p.contract_address)
      throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'contract_address is required');
    const fmt = (a: unknown) => (visible ? toBase58(String(a)) : toTronHex(String(a)));
    let data: string;
    if (p.function_selector) {
      data =
        keccakId(String(p.function_selector)).slice(2, 10) + strip0x(String(p.parameter ?? ''));
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

  // ─── wallet API ────────────────────────────────────────────────────────

  private async triggerSmartContract(p: Json): Promise<Json> {
    const visible = p.visible === true || p.visible === 'true';
    const { value } = this.triggerValue(p, visible);
    const contract: TronContractJson = {
      parameter: { value, type_url: TRIGGER_TYPE_URL },
      type: 'TriggerSmartContract',
    };
    if (p.Permission_id) contract.Permission_id = Number(p.Permission_id);
    const tx = await this.buildTx(
      contract,
      p.fee_limit !== undefined ? big(p.fee_limit) : undefined,
      visible,
    );
    return { result: { result: true }, transaction: tx };
  }

  private async createTransaction(p: Json): Promise<Json> {
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
    return this.buildTx(contract, undefined, visible) as unknown as Promise<Json>;
  }

  /** eth_estimateGas of a call at the latest block; undefined when it cannot be estimated. */
  private async gasNeeded(call: Json): Promise<bigint | undefined> {
    try {
      return big(await this.rpc.call<string>('eth_estimateGas', [call, 'latest']));
    } catch {
      return undefined;
    }
  }

  private async constantCall(p: Json, estimate: boolean): Promise<Json> {
    if (!p.contract_address)
      throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'contract_address is required');
    const to = toEvmAddress(String(p.contract_address));
    const from = p.owner_address ? toEvmAddress(String(p.owner_address)) : ZERO_ADDRESS;
    const data = p.function_selector
      ? keccakId(String(p.function_selector)).slice(2, 10) + strip0x(String(p.parameter ?? ''))
      : strip0x(String(p.data ?? ''));
    const code = await this.rpc.call<string>('eth_getCode', [to, 'latest']);
    if (code === '0x')
      return {
        result: {
          code: 'CONTRACT_VALIDATE_ERROR',
          message: utf8Hex('Smart contract is not exist.'),
        },
      };
    const call: Json = { from, to, data: '0x' + data };
    const callValue = big(p.call_value);
    if (callValue > 0n) call.value = hexQ(callValue);
    const intrinsic = intrinsicGas(data);
    let output = '';
    let reverted = false;
    try {
      output = strip0x(await this.rpc.call<string>('eth_call', [call, 'latest']));
    } catch (e) {
      if (e instanceof RpcError && typeof e.data === 'string') {
        reverted = true;
        output = strip0x(e.data);
      } else {
        const msg = e instanceof Error ? e.message : String(e);
        return { result: { code: 'OTHER_ERROR', message: utf8Hex(msg) } };
      }
    }
    let energy = 0n;
    if (!reverted) {
      try {
        const gas = big(await this.rpc.call<string>('eth_estimateGas', [call, 'latest']));
        energy = gas > intrinsic ? gas - intrinsic : 0n;
      } catch {
        energy = 0n;
      }
    }
    if (estimate) {
      if (reverted)
        return {
          result: { code: 'CONTRACT_EXE_ERROR', message: utf8Hex('REVERT opcode executed') },
        };
      return { result: { result: true }, energy_required: Number(energy) };
    }
    const value: Json = { data, owner_address: toTronHex(from), contract_address: toTronHex(to) };
    if (callValue > 0n) value.call_value = Number(callValue);
    const tx = await this.buildTx(
      { parameter: { value, type_url: TRIGGER_TYPE_URL }, type: 'TriggerSmartContract' },
      undefined,
      false,
    );
    const out: Json = {
      result: reverted
        ? { result: true, message: utf8Hex('REVERT opcode executed') }
        : { result: true },
      energy_used: Number(energy),
      constant_result: [output],
      transaction: { ret: [reverted ? { ret: 'FAILED' } : {}], ...tx },
    };
    return out;
  }

  private async getAccount(p: Json): Promise<Json> {
    if (!p.address) return {};
    const visible = p.visible === true || p.visible === 'true';
    const evm = toEvmAddress(String(p.address));
    const st = await this.exists(evm);
    if (!st.exists) return {};
    const now = this.nowMs();
    const r = this.resources.view(evm, now);
    const raw = this.resources.get(evm);
    const addr = visible ? toBase58(evm) : toTronHex(evm);
    const acc: Json = { address: addr, balance: Number(st.balance) };
    if (st.code !== '0x') acc.type = 'Contract';
    acc.create_time = this.clock.tsMs || now;
    if (r.freeNetUsed > 0n) {
      acc.free_net_usage = Number(r.freeNetUsed);
      acc.latest_consume_free_time = raw.freeNetTime;
    }
    if (r.netUsed > 0n) {
      acc.net_usage = Number(r.netUsed);
      acc.latest_consume_time = raw.netTime;
    }
    acc.net_window_size = 28800;
    acc.net_window_optimized = true;
    const resource: Json = { energy_window_size: 28800, energy_window_optimized: true };
    if (r.energyUsed > 0n) {
      resource.energy_usage = Number(r.energyUsed);
      resource.latest_consume_time_for_energy = raw.energyTime;
    }
    acc.account_resource = resource;
    const keys = [{ address: addr, weight: 1 }];
    acc.owner_permission = { permission_name: 'owner', threshold: 1, keys };
    acc.active_permission = [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1,
        operations: '7fff1fc0033ec30f000000000000000000000000000000000000000000000000',
        keys,
      },
    ];
    const frozen: Json[] = [];
    const netStake = this.resources.stakeForNet(r.netLimit);
    frozen.push(netStake > 0n ? { amount: Number(netStake) } : {});
    const energyStake = this.resources.stakeForEnergy(r.energyLimit);
    frozen.push(
      energyStake > 0n ? { type: 'ENERGY', amount: Number(energyStake) } : { type: 'ENERGY' },
    );
    frozen.push({ type: 'TRON_POWER' });
    acc.frozenV2 = frozen;
    return acc;
  }

  private accountNet(evm: string): Json {
    const r = this.resources.view(evm, this.nowMs());
    const p = this.params;
    const out: Json = {};
    if (r.freeNetUsed > 0n) out.freeNetUsed = Number(r.freeNetUsed);
    out.freeNetLimit = Number(r.freeNetLimit);
    if (r.netUsed > 0n) out.NetUsed = Number(r.netUsed);
    if (r.netLimit > 0n) out.NetLimit = Number(r.netLimit);
    out.TotalNetLimit = Number(p.totalNetLimit);
    out.TotalNetWeight = Number(p.totalNetWeight);
    return out;
  }

  private async getAccountNet(p: Json): Promise<Json> {
    if (!p.address) return {};
    return this.accountNet(toEvmAddress(String(p.address)));
  }

  private async getAccountResource(p: Json): Promise<Json> {
    if (!p.address) return {};
    const evm = toEvmAddress(String(p.address));
    const out = this.accountNet(evm);
    const r = this.resources.view(evm, this.nowMs());
    const pr = this.params;
    const power =
      (this.resources.stakeForEnergy(r.energyLimit) + this.resources.stakeForNet(r.netLimit)) /
      1_000_000n;
    if (power > 0n) out.tronPowerLimit = Number(power);
    if (r.energyUsed > 0n) out.EnergyUsed = Number(r.energyUsed);
    if (r.energyLimit > 0n) out.EnergyLimit = Number(r.energyLimit);
    out.TotalEnergyLimit = Number(pr.totalEnergyLimit);
    out.TotalEnergyWeight = Number(pr.totalEnergyWeight);
    return out;
  }

  private async smartContract(
    evm: string,
    visible: boolean,
  ): Promise<{ sc: Json; code: string } | undefined> {
    const code = await this.rpc.call<string>('eth_getCode', [evm, 'latest']);
    if (code === '0x') return undefined;
    const codeHash = codeHashOf(code);
    let reg = this.registry.get(evm);
    if (!reg) reg = this.registry.byCode(codeHash);
    const fmt = (a: string) => (visible ? toBase58(a) : toTronHex(a));
    const sc: Json = {
      bytecode: strip0x(code),
      consume_user_resource_percent: 100,
      name: reg?.name ?? '',
      origin_address: fmt(ZERO_ADDRESS),
      abi: reg ? toTronAbi(reg.abi) : {},
      origin_energy_limit: 10_000_000,
      contract_address: fmt(evm),
      code_hash: strip0x(codeHash),
    };
    if (!sc.name) delete sc.name;
    return { sc, code };
  }

  private async getContract(p: Json): Promise<Json> {
    if (!p.value) return {};
    const visible = p.visible === true || p.visible === 'true';
    const found = await this.smartContract(toEvmAddress(String(p.value)), visible);
    return found ? found.sc : {};
  }

  private async getContractInfo(p: Json): Promise<Json> {
    if (!p.value) return {};
    const visible = p.visible === true || p.visible === 'true';
    const found = await this.smartContract(toEvmAddress(String(p.value)), visible);
    if (!found) return {};
    return {
      runtimecode: strip0x(found.code),
      smart_contract: found.sc,
      contract_state: { update_cycle: Math.floor(this.nowMs() / 21_600_000) },
    };
  }

  private async getTransactionById(p: Json): Promise<Json> {
    const id = strip0x(String(p.value ?? '')).toLowerCase();
    const rec = this.txs.get(id);
    if (rec) return { ret: [{ contractRet: rec.contractRet }], ...rec.tx };
    if (!/^[0-9a-f]{64}$/.test(id)) return {};
    const t = await this.rpc.call<EthTx & { blockNumber: string | null }>(
      'eth_getTransactionByHash',
      ['0x' + id],
    );
    if (!t || !t.blockNumber) return {};
    return this.synthesizedTx(t, await this.blockTimestamp(toNum(t.blockNumber)));
  }

  private async getTransactionInfoById(p: Json): Promise<Json> {
    const id = strip0x(String(p.value ?? '')).toLowerCase();
    const rec = this.txs.get(id);
    if (rec) return rec.info;
    if (!/^[0-9a-f]{64}$/.test(id)) return {};
    const r = await this.receipt('0x' + id);
    if (!r) return {};
    return this.synthesizedInfo(r);
  }

  /** Transaction info for an anvil transaction that did not come through the devnode. */
  private async synthesizedInfo(r: EthReceipt): Promise<Json> {
    const bn = toNum(r.blockNumber);
    const info: Json = {
      id: strip0x(r.transactionHash),
      blockNumber: bn,
      blockTimeStamp: await this.blockTimestamp(bn),
      contractResult: [''],
    };
    const target = r.to ?? r.contractAddress;
    if (target) info.contract_address = toTronHex(target);
    const gas = big(r.gasUsed);
    const receipt: Json = {};
    if (gas > 21000n) receipt.energy_usage_total = Number(gas - 21000n);
    receipt.result = r.status === '0x1' ? 'SUCCESS' : 'REVERT';
    info.receipt = receipt;
    info.log = r.logs.map((l) => this.tronLog(l));
    if (r.status !== '0x1') {
      info.result = 'FAILED';
      info.resMessage = utf8Hex('REVERT opcode executed');
    }
    return info;
  }

  private tronLog(l: { address: string; topics: string[]; data: string }): Json {
    const out: Json = {
      address: strip0x(l.address).toLowerCase(),
      topics: l.topics.map((t) => strip0x(t)),
    };
    const d = strip0x(l.data);
    if (d) out.data = d;
    return out;
  }

  private async getTransactionInfoByBlockNum(p: Json): Promise<unknown[]> {
    const n = Number(p.num ?? 0);
    const b = await this.blockByNumber(n);
    if (!b) return [];
    const out: unknown[] = [];
    for (const h of b.transactions as string[]) {
      out.push(
        await this.getTransactionInfoById({
          value: this.ethToTron.get(h.toLowerCase()) ?? strip0x(h),
        }),
      );
    }
    return out;
  }

  private getChainParameters(): Json {
    const p = this.params;
    const kv: [string, number | bigint][] = [
      ['getMaintenanceTimeInterval', 21_600_000],
      ['getAccountUpgradeCost', 9_999_000_000],
      ['getCreateAccountFee', p.createAccountFee],
      ['getTransactionFee', p.bandwidthPrice],
      ['getAssetIssueFee', 1_024_000_000],
      ['getWitnessPayPerBlock', 16_000_000],
      ['getWitnessStandbyAllowance', 115_200_000_000],
      ['getCreateNewAccountFeeInSystemContract', p.createNewAccountFeeInSystemContract],
      ['getCreateNewAccountBandwidthRate', 1],
      ['getAllowCreationOfContracts', 1],
      ['getRemoveThePowerOfTheGr', -1],
      ['getEnergyFee', p.energyPrice],
      ['getExchangeCreateFee', 1_024_000_000],
      ['getMaxCpuTimeOfOneTx', 80],
      ['getAllowUpdateAccountName', 0],
      ['getAllowSameTokenName', 1],
      ['getAllowDelegateResource', 1],
      ['getTotalEnergyLimit', p.totalEnergyLimit],
      ['getAllowTvmTransferTrc10', 1],
      ['getTotalEnergyCurrentLimit', p.totalEnergyLimit],
      ['getAllowMultiSign', 1],
      ['getAllowAdaptiveEnergy', 0],
      ['getUpdateAccountPermissionFee', 100_000_000],
      ['getMultiSignFee', 1_000_000],
      ['getAllowTvmConstantinople', 1],
      ['getAllowTvmSolidity059', 1],
      ['getAllowTvmIstanbul', 1],
      ['getAllowTvmLondon', 1],
      ['getAllowTvmShangHai', 1],
      ['getAllowTvmCancun', 1],
      ['getFreeNetLimit', p.freeNetLimit],
      ['getTotalNetLimit', p.totalNetLimit],
      ['getMaxFeeLimit', p.maxFeeLimit],
      ['getAllowDynamicEnergy', 0],
      ['getUnfreezeDelayDays', 14],
    ];
    return {
      chainParameter: kv.map(([key, value]) =>
        Number(value) === 0 ? { key } : { key, value: Number(value) },
      ),
    };
  }

  private async getNodeInfo(): Promise<Json> {
    const head = await this.latestBlock();
    const id = blockIdOf(head);
    const n = toNum(head.number);
    return {
      activeConnectCount: 0,
      beginSyncNum: n,
      block: `Num:${n},ID:${id}`,
      solidityBlock: `Num:${n},ID:${id}`,
      currentConnectCount: 0,
      passiveConnectCount: 0,
      totalFlow: 0,
      peerList: [],
      configNodeInfo: {
        codeVersion: '4.8.0',
        p2pVersion: '728126428',
        listenPort: this.port,
        discoverEnable: false,
        activeNodeSize: 0,
        passiveNodeSize: 0,
        sendNodeSize: 0,
        maxConnectCount: 30,
        sameIpMaxConnectCount: 2,
        backupListenPort: 0,
        backupMemberSize: 0,
        backupPriority: 0,
        dbVersion: 2,
        minParticipationRate: 0,
        supportConstant: true,
        minTimeRatio: 0,
        maxTimeRatio: 5,
        allowCreationOfContracts: 1,
        allowAdaptiveEnergy: 0,
      },
      machineInfo: {
        threadCount: 1,
        cpuCount: 1,
        processCpuLoad: 0,
        systemCpuLoad: 0,
        javaVersion: 'devnode (anvil)',
      },
      cheatWitnessInfoMap: {},
    };
  }

  // ─── broadcast ─────────────────────────────────────────────────────────

  private async broadcast(body: Json): Promise<Json> {
    const tx = body as unknown as TronTx;
    const txid = strip0x(String(tx.txID ?? '')).toLowerCase();
    try {
      const rec = await this.serial(() => this.checkAndExecute(tx));
      return { result: true, txid: rec.id };
    } catch (e) {
      if (e instanceof TronApiError) {
        this.log(`broadcast ${txid}: ${e.code} ${e.message}`);
        return { code: e.code, txid, message: utf8Hex(e.message) };
      }
      const msg = e instanceof Error ? e.message : String(e);
      this.log(`broadcast ${txid}: OTHER_ERROR ${msg}`);
      return { code: 'OTHER_ERROR', txid, message: utf8Hex(msg) };
    }
  }

  private async checkAndExecute(tx: TronTx): Promise<TxRecord> {
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
    if (this.txs.has(txid)) throw new TronApiError('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    // 3. TAPOS
    const head = await this.latestBlock();
    const headNum = toNum(head.number);
    const refBytes = parseInt(String(tx.raw_data.ref_block_bytes ?? ''), 16);
    const refHash = String(tx.raw_data.ref_block_hash ?? '').toLowerCase();
    let tapos = false;
    if (Number.isFinite(refBytes) && refBytes >= 0 && refBytes <= 0xffff) {
      const n = headNum - ((headNum - refBytes) & 0xffff);
      if (n >= 0) {
        const ref = n === headNum ? head : await this.blockByNumber(n);
        tapos = !!ref && blockIdOf(ref).slice(16, 32) === refHash;
      }
    }
    if (!tapos) {
      throw new TronApiError(
        'TAPOS_ERROR',
        `Tapos check error: ref block ${tx.raw_data.ref_block_bytes}/${tx.raw_data.ref_block_hash} is not a recent block`,
      );
    }
    // 4. expiration
    const headTime = Math.max(toNum(head.timestamp) * 1000, this.nowMs());
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
    let owner: string;
    try {
      owner = toEvmAddress(String(value.owner_address ?? ''));
    } catch {
      throw new TronApiError(
        'CONTRACT_VALIDATE_ERROR',
        'Contract validate error : Invalid ownerAddress',
      );
    }
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
        return this.executeTrigger(stored, owner, value);
      case 'TransferContract':
        return this.executeTransfer(stored, owner, value);
      default:
        throw new TronApiError(
          'CONTRACT_VALIDATE_ERROR',
          `Contract validate error : contract type ${contract.type} is not supported by the devnode`,
        );
    }
  }

  private validateErr(m: string): TronApiError {
    return new TronApiError('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${m}`);
  }

  private async executeTrigger(tx: TronTx, owner: string, value: Json): Promise<TxRecord> {
    const now = this.nowMs();
    const p = this.params;
    let to: string;
    try {
      to = toEvmAddress(String(value.contract_address ?? ''));
    } catch {
      throw this.validateErr('Invalid contract address');
    }
    const data = strip0x(String(value.data ?? ''));
    const callValue = big(value.call_value);
    const feeLimit = big(tx.raw_data.fee_limit);
    if (big(value.call_token_value) > 0n || big(value.token_id) > 0n)
      throw this.validateErr('TRC10 tokens are not supported by the devnode');
    if (feeLimit < 0n || feeLimit > p.maxFeeLimit)
      throw this.validateErr(`feeLimit must be >= 0 and <= ${p.maxFeeLimit}`);
    const [ownerSt, code] = await Promise.all([
      this.exists(owner),
      this.rpc.call<string>('eth_getCode', [to, 'latest']),
    ]);
    if (!ownerSt.exists)
      throw this.validateErr('Validate TriggerSmartContract error, no OwnerAccount.');
    if (code === '0x') throw this.validateErr('No contract or not a smart contract');
    if (callValue > ownerSt.balance)
      throw this.validateErr(`Validate InternalTransfer error, balance is not sufficient.`);
    // bandwidth, charged before execution
    const bytes = transactionSize(tx);
    const bw = this.resources.planBandwidth(owner, bytes, now);
    if (bw.netFee > ownerSt.balance - callValue) {
      throw new TronApiError('BANDWITH_ERROR', 'Account resource insufficient error.');
    }
    // energy limit: staked energy left + what the remaining balance buys, capped by fee_limit
    const view = this.resources.view(owner, now);
    const spendable = ownerSt.balance - bw.netFee - callValue;
    const fromBalance = spendable > 0n ? spendable / p.energyPrice : 0n;
    const byFeeLimit = feeLimit / p.energyPrice;
    let energyLimit = view.energyLeft + fromBalance;
    if (byFeeLimit < energyLimit) energyLimit = byFeeLimit;
    const intrinsic = intrinsicGas(data);
    if (energyLimit + intrinsic > this.blockGasLimit) energyLimit = this.blockGasLimit - intrinsic;
    const gas = energyLimit + intrinsic;
    // The energy a call is charged is what triggerconstantcontract reports for it (energy_used:
    // the gas it needs, before the EVM's refunds, minus intrinsic gas): the TVM refunds nothing,
    // and a fee limit set from the simulation must cover the charge.
    const needed = await this.gasNeeded({
      from: owner,
      to,
      data: '0x' + data,
      ...(callValue > 0n ? { value: hexQ(callValue) } : {}),
    });

    if (bw.netFee > 0n)
      await this.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance - bw.netFee)]);
    let ethHash: string;
    try {
      ethHash = await this.rpc.call<string>('eth_sendTransaction', [
        {
          from: owner,
          to,
          data: '0x' + data,
          value: hexQ(callValue),
          gas: hexQ(gas),
          gasPrice: '0x0',
        },
      ]);
    } catch (e) {
      if (bw.netFee > 0n) await this.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance)]);
      throw this.validateErr(e instanceof Error ? e.message : String(e));
    }
    const r = await this.waitReceipt(ethHash);
    this.resources.commitBandwidth(owner, bw, now);
    let trace: CallTrace = {};
    try {
      trace = await this.rpc.call<CallTrace>('debug_traceTransaction', [
        ethHash,
        { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } },
      ]);
    } catch {
      trace = {};
    }
    const gasUsed = big(r.gasUsed);
    let contractRet = 'SUCCESS';
    let resMessage: string | undefined;
    const charged =
      r.status === '0x1' && needed !== undefined && needed > gasUsed ? needed : gasUsed;
    let energyUsed = charged > intrinsic ? charged - intrinsic : 0n;
    if (energyUsed > energyLimit) energyUsed = energyLimit;
    if (r.status !== '0x1') {
      const err = (trace.error ?? '').toLowerCase();
      if (err.includes('out of gas') || err.includes('outofgas') || (!err && gasUsed >= gas)) {
        contractRet = 'OUT_OF_ENERGY';
        energyUsed = energyLimit;
        resMessage = `Not enough energy for 'CALL' operation executing: curInvokeEnergyLimit[${energyLimit}], usedEnergy[${energyLimit}]`;
      } else if (err.includes('revert') || err === '') {
        contractRet = 'REVERT';
        resMessage = 'REVERT opcode executed';
      } else if (
        err.includes('invalid opcode') ||
        err.includes('invalidfeopcode') ||
        err.includes('opcode')
      ) {
        contractRet = 'ILLEGAL_OPERATION';
        resMessage = trace.error;
      } else if (err.includes('jump')) {
        contractRet = 'BAD_JUMP_DESTINATION';
        resMessage = trace.error;
      } else if (err.includes('stack')) {
        contractRet = err.includes('overflow') ? 'STACK_OVERFLOW' : 'STACK_TOO_SMALL';
        resMessage = trace.error;
      } else {
        contractRet = 'UNKNOWN';
        resMessage = trace.error;
      }
    }
    const energy = this.resources.commitEnergy(owner, energyUsed, now);
    if (energy.energyFee > 0n) {
      const bal = await this.balanceOf(owner);
      await this.rpc.call('anvil_setBalance', [
        owner,
        hexQ(bal > energy.energyFee ? bal - energy.energyFee : 0n),
      ]);
    }
    const blockNumber = toNum(r.blockNumber);
    const blockTimeStamp = await this.blockTimestamp(blockNumber);
    const fee = energy.energyFee + bw.netFee;
    const receipt: Json = {};
    if (energy.fromStake > 0n) receipt.energy_usage = Number(energy.fromStake);
    if (energy.energyFee > 0n) receipt.energy_fee = Number(energy.energyFee);
    if (energyUsed > 0n) receipt.energy_usage_total = Number(energyUsed);
    if (bw.netUsage > 0n) receipt.net_usage = Number(bw.netUsage);
    if (bw.netFee > 0n) receipt.net_fee = Number(bw.netFee);
    receipt.result = contractRet;
    const info: Json = { id: tx.txID };
    if (fee > 0n) info.fee = Number(fee);
    info.blockNumber = blockNumber;
    info.blockTimeStamp = blockTimeStamp;
    info.contractResult = [strip0x(trace.output ?? '')];
    info.contract_address = toTronHex(to);
    info.receipt = receipt;
    if (r.logs.length) info.log = r.logs.map((l) => this.tronLog(l));
    if (resMessage !== undefined) {
      info.result = 'FAILED';
      info.resMessage = utf8Hex(resMessage);
    }
    return this.store(tx, ethHash, blockNumber, blockTimeStamp, contractRet, info);
  }

  private async executeTransfer(tx: TronTx, owner: string, value: Json): Promise<TxRecord> {
    const now = this.nowMs();
    const p = this.params;
    let to: string;
    try {
      to = toEvmAddress(String(value.to_address ?? ''));
    } catch {
      throw this.validateErr('Invalid toAddress!');
    }
    const amount = big(value.amount);
    if (amount <= 0n) throw this.validateErr('Amount must be greater than 0.');
    if (to === owner) throw this.validateErr('Cannot transfer TRX to yourself.');
    const [ownerSt, toSt] = await Promise.all([this.exists(owner), this.exists(to)]);
    if (!ownerSt.exists)
      throw this.validateErr('Validate TransferContract error, no OwnerAccount.');
    if (toSt.code !== '0x') throw this.validateErr('Cannot transfer TRX to a smartContract.');
    const bytes = transactionSize(tx);
    let bw = this.resources.planBandwidth(owner, bytes, now);
    let createFee = 0n;
    if (!toSt.exists) {
      // creating the recipient: staked bandwidth or a burned create-account fee, plus the system-contract fee
      const v = this.resources.view(owner, now);
      bw =
        v.netLeft >= bytes
          ? { netUsage: bytes, netFee: 0n, source: 'staked' }
          : { netUsage: 0n, netFee: p.createAccountFee, source: 'burn' };
      createFee = p.createNewAccountFeeInSystemContract;
    }
    if (bw.netFee > ownerSt.balance)
      throw new TronApiError('BANDWITH_ERROR', 'Account resource insufficient error.');
    const fee = bw.netFee + createFee;
    if (ownerSt.balance < amount + fee)
      throw this.validateErr('Validate TransferContract error, balance is not sufficient.');
    await this.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance - fee)]);
    let ethHash: string;
    try {
      ethHash = await this.rpc.call<string>('eth_sendTransaction', [
        { from: owner, to, value: hexQ(amount), gas: hexQ(21000n), gasPrice: '0x0' },
      ]);
    } catch (e) {
      await this.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance)]);
      throw this.validateErr(e instanceof Error ? e.message : String(e));
    }
    const r = await this.waitReceipt(ethHash);
    this.resources.commitBandwidth(owner, bw, now);
    this.resources.get(to);
    const blockNumber = toNum(r.blockNumber);
    const blockTimeStamp = await this.blockTimestamp(blockNumber);
    const receipt: Json = {};
    if (bw.netUsage > 0n) receipt.net_usage = Number(bw.netUsage);
    if (bw.netFee > 0n) receipt.net_fee = Number(bw.netFee);
    const info: Json = { id: tx.txID };
    if (fee > 0n) info.fee = Number(fee);
    info.blockNumber = blockNumber;
    info.blockTimeStamp = blockTimeStamp;
    info.contractResult = [''];
    info.receipt = receipt;
    return this.store(tx, ethHash, blockNumber, blockTimeStamp, 'SUCCESS', info);
  }

  private store(
    tx: TronTx,
    ethHash: string,
    blockNumber: number,
    blockTimeStamp: number,
    contractRet: string,
    info: Json,
  ): TxRecord {
    const rec: TxRecord = {
      id: tx.txID,
      tx,
      ethHash: ethHash.toLowerCase(),
      blockNumber,
      blockTimeStamp,
      contractRet,
      info,
    };
    this.txs.set(rec.id, rec);
    this.ethToTron.set(rec.ethHash, rec.id);
    return rec;
  }

  // ─── events (TronGrid /v1) ─────────────────────────────────────────────

  private async eventsFromLogs(
    logs: EthLog[],
  ): Promise<{ ev: TronGridEvent; order: [number, number, number] }[]> {
    const out: { ev: TronGridEvent; order: [number, number, number] }[] = [];
    for (const l of logs) {
      const parsed = this.registry.parseLog(l.address, l.topics, l.data);
      if (!parsed) continue;
      const r = await this.receipt(l.transactionHash);
      const first = r?.logs[0] ? toNum(r.logs[0].logIndex) : toNum(l.logIndex);
      const bn = toNum(l.blockNumber);
      const tronId =
        this.ethToTron.get(l.transactionHash.toLowerCase()) ?? strip0x(l.transactionHash);
      const ev = toTronGridEvent(parsed.desc, {
        blockNumber: bn,
        blockTimestamp: await this.blockTimestamp(bn),
        emitter: l.address,
        caller: r?.to ?? l.address,
        eventIndex: toNum(l.logIndex) - first,
        transactionId: tronId,
      });
      out.push({ ev, order: [bn, toNum(l.transactionIndex), toNum(l.logIndex)] });
    }
    return out;
  }

  private async handleEvents(
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
      logs = await this.rpc.call<EthLog[]>('eth_getLogs', [{ address: evm, ...range }]);
    } else if ((m = pathname.match(/^\/v1\/transactions\/([^/]+)\/events\/?$/))) {
      const id = strip0x(decodeURIComponent(m[1]!)).toLowerCase();
      const rec = this.txs.get(id);
      const hash = rec ? rec.ethHash : '0x' + id;
      if (!/^0x[0-9a-f]{64}$/.test(hash))
        return fail(400, JSON.stringify({ message: `invalid transaction id: ${id}` }));
      const r = await this.receipt(hash);
      logs = r?.logs ?? [];
    } else if ((m = pathname.match(/^\/v1\/blocks\/([^/]+)\/events\/?$/))) {
      const which = decodeURIComponent(m[1]!);
      const n = which === 'latest' ? toNum((await this.latestBlock()).number) : Number(which);
      if (!Number.isInteger(n) || n < 0) return fail(400, 'invalid block number');
      logs = await this.rpc.call<EthLog[]>('eth_getLogs', [
        { fromBlock: hexQ(BigInt(n)), toBlock: hexQ(BigInt(n)) },
      ]);
    } else {
      return fail(404, `not found: ${pathname}`);
    }
    let items = await this.eventsFromLogs(logs);
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

  // ─── HTTP ──────────────────────────────────────────────────────────────

  private async readBody(req: http.IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (!text) return {};
    if (text.startsWith('{') || text.startsWith('[')) return JSON.parse(text) as Json;
    const out: Json = {};
    for (const [k, v] of new URLSearchParams(text)) out[k] = v;
    return out;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
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
    const url = new URL(req.url ?? '/', this.url);
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    try {
      if (pathname === '/healthcheck' || pathname === '/') return send(200, { status: 'ok' });
      if (pathname.startsWith('/v1/')) {
        const r = await this.handleEvents(pathname, url.searchParams, url);
        return send(r.status, r.body);
      }
      let params: Json = {};
      if (req.method === 'POST') params = await this.readBody(req);
      for (const [k, v] of url.searchParams) if (params[k] === undefined) params[k] = v;
      if (pathname.startsWith('/devnode/'))
        return send(200, await this.handleAdmin(pathname.slice('/devnode/'.length), params));
      const m = pathname.match(/^\/(wallet|walletsolidity)\/([a-z0-9]+)$/i);
      if (!m) return send(404, { Error: `Unknown endpoint ${pathname}` });
      const result = await this.handleWallet(m[2]!.toLowerCase(), params);
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

  private async handleWallet(name: string, p: Json): Promise<unknown> {
    switch (name) {
      case 'getnowblock':
        return this.tronBlock(await this.freshHead(), true);
      case 'getblock': {
        const detail = p.detail === true || p.detail === 'true';
        const b = await this.resolveBlock(p.id_or_num);
        return b ? this.tronBlock(b, detail) : {};
      }
      case 'getblockbynum': {
        const b = await this.blockByNumber(Number(p.num ?? 0));
        return b ? this.tronBlock(b, true) : {};
      }
      case 'getblockbyid': {
        const b = await this.resolveBlock(strip0x(String(p.value ?? '')));
        return b ? this.tronBlock(b, true) : {};
      }
      case 'getblockbylatestnum': {
        const head = toNum((await this.latestBlock()).number);
        const num = Math.max(1, Math.min(100, Number(p.num ?? 1)));
        const blocks: Json[] = [];
        for (let n = Math.max(0, head - num + 1); n <= head; n++) {
          const b = await this.blockByNumber(n);
          if (b) blocks.push(await this.tronBlock(b, true));
        }
        return { block: blocks };
      }
      case 'getblockbylimitnext': {
        const start = Number(p.startNum ?? 0);
        const end = Math.min(Number(p.endNum ?? start), start + 100);
        const blocks: Json[] = [];
        for (let n = start; n < end; n++) {
          const b = await this.blockByNumber(n);
          if (b) blocks.push(await this.tronBlock(b, true));
        }
        return { block: blocks };
      }
      case 'getaccount':
        return this.getAccount(p);
      case 'getaccountnet':
        return this.getAccountNet(p);
      case 'getaccountresource':
        return this.getAccountResource(p);
      case 'getcontract':
        return this.getContract(p);
      case 'getcontractinfo':
        return this.getContractInfo(p);
      case 'triggerconstantcontract':
        return this.constantCall(p, false);
      case 'estimateenergy':
        return this.constantCall(p, true);
      case 'triggersmartcontract':
        return this.triggerSmartContract(p);
      case 'createtransaction':
        return this.createTransaction(p);
      case 'broadcasttransaction':
        return this.broadcast(p);
      case 'gettransactionbyid':
        return this.getTransactionById(p);
      case 'gettransactioninfobyid':
        return this.getTransactionInfoById(p);
      case 'gettransactioninfobyblocknum':
        return this.getTransactionInfoByBlockNum(p);
      case 'getnodeinfo':
        return this.getNodeInfo();
      case 'getchainparameters':
        return this.getChainParameters();
      case 'getenergyprices':
        return { prices: `0:${this.params.energyPrice}` };
      case 'getbandwidthprices':
        return { prices: `0:${this.params.bandwidthPrice}` };
      default:
        return undefined;
    }
  }

  private async handleAdmin(name: string, p: Json): Promise<unknown> {
    const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : big(v));
    switch (name) {
      case 'register': {
        if (!p.address || !Array.isArray(p.abi))
          throw new Error('register needs {address, abi: []}');
        await this.registerContract(
          String(p.address),
          p.abi as JsonFragment[],
          p.name ? String(p.name) : undefined,
        );
        return {
          result: true,
          address: toBase58(String(p.address)),
          hex: toTronHex(String(p.address)),
        };
      }
      case 'setresources': {
        if (!p.address) throw new Error('setresources needs {address}');
        const patch: Parameters<TronDevnode['setResources']>[1] = {};
        const keys = ['energyLimit', 'netLimit', 'energyUsed', 'netUsed', 'freeNetUsed'] as const;
        for (const k of keys) {
          const v = num(p[k]);
          if (v !== undefined) patch[k] = v;
        }
        this.setResources(String(p.address), patch);
        return { result: true, ...(await this.getAccountResource({ address: p.address })) };
      }
      case 'setbalance': {
        if (!p.address || p.balance === undefined)
          throw new Error('setbalance needs {address, balance}');
        await this.setBalance(String(p.address), big(p.balance));
        return { result: true };
      }
      case 'info':
        return {
          url: this.url,
          rpcUrl: this.opts.rpcUrl,
          energyPrice: Number(this.params.energyPrice),
          bandwidthPrice: Number(this.params.bandwidthPrice),
          freeNetLimit: Number(this.params.freeNetLimit),
          contracts: this.registry.all().map((c) => ({
            address: toBase58(c.address),
            hex: toTronHex(c.address),
            name: c.name,
          })),
          transactions: this.txs.size,
        };
      default:
        throw new Error(`unknown admin endpoint /devnode/${name}`);
    }
  }
}
