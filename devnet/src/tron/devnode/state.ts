// The devnode's shared state: anvil, the ABI registry, resource accounting, the transactions
// it executed, the chain clock, and the anvil reads every endpoint uses.
import { AnvilRpc } from '../anvil';
import { AbiRegistry } from '../abi';
import { DEFAULT_RESOURCE_PARAMS, ResourceBook, type ResourceParams } from '../resources';
import {
  type Json,
  type TronTx,
  type EthBlock,
  type EthReceipt,
  type TxRecord,
  type DevnodeOptions,
} from './types';
import { toNum, big, hexQ, sleep } from './encoding';

export class DevnodeState {
  readonly rpc: AnvilRpc;
  readonly registry = new AbiRegistry();
  readonly resources: ResourceBook;
  readonly txs = new Map<string, TxRecord>();
  readonly ethToTron = new Map<string, string>();
  readonly receipts = new Map<string, EthReceipt>();
  readonly blockTs = new Map<number, number>();
  clock = { number: -1, tsMs: 0, seenAt: 0 };
  queue: Promise<unknown> = Promise.resolve();
  readonly idleBlockMs: number;
  blockGasLimit = 30_000_000n;
  /** The anvil's chain id (read at start): the genesis block's id ends in it. */
  chainId: number | undefined;
  port: number;
  readonly host: string;
  readonly log: (msg: string) => void;

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

  /** The devnode's notion of "now" on the chain (ms): head block time plus time since it was seen. */
  nowMs(): number {
    return this.clock.tsMs + (Date.now() - this.clock.seenAt);
  }

  observe(b: EthBlock): void {
    const n = toNum(b.number);
    const ts = toNum(b.timestamp) * 1000;
    this.blockTs.set(n, ts);
    if (n > this.clock.number) this.clock = { number: n, tsMs: ts, seenAt: Date.now() };
  }

  async latestBlock(): Promise<EthBlock> {
    const b = await this.rpc.call<EthBlock>('eth_getBlockByNumber', ['latest', false]);
    this.observe(b);
    return b;
  }

  /** Latest block; mines an empty one first when the head is stale (see idleBlockMs). */
  async freshHead(): Promise<EthBlock> {
    const b = await this.latestBlock();
    if (this.nowMs() - toNum(b.timestamp) * 1000 > this.idleBlockMs) {
      await this.rpc.call('evm_mine', []);
      return this.latestBlock();
    }
    return b;
  }

  async blockByNumber(n: number, full = false): Promise<EthBlock | null> {
    const b = await this.rpc.call<EthBlock | null>('eth_getBlockByNumber', [hexQ(BigInt(n)), full]);
    if (b) this.observe(b);
    return b;
  }

  async blockTimestamp(n: number): Promise<number> {
    const cached = this.blockTs.get(n);
    if (cached !== undefined) return cached;
    const b = await this.blockByNumber(n);
    return b ? toNum(b.timestamp) * 1000 : 0;
  }

  async receipt(hash: string): Promise<EthReceipt | null> {
    const key = hash.toLowerCase();
    const cached = this.receipts.get(key);
    if (cached) return cached;
    const r = await this.rpc.call<EthReceipt | null>('eth_getTransactionReceipt', [key]);
    if (r) this.receipts.set(key, r);
    return r;
  }

  async waitReceipt(hash: string): Promise<EthReceipt> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await this.receipt(hash);
      if (r) return r;
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
      await sleep(10);
    }
  }

  async balanceOf(evm: string): Promise<bigint> {
    return big(await this.rpc.call<string>('eth_getBalance', [evm, 'latest']));
  }

  async exists(
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

  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  store(
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
}
