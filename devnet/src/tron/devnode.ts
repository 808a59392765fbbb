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
import { type JsonFragment } from 'ethers';
import { toBase58, toEvmAddress, toTronHex } from './address';
import { codeHashOf } from './abi';
import { ResourceBook } from './resources';
import { type Json } from './devnode/types';
import { big, hexQ } from './devnode/encoding';
import { DevnodeState } from './devnode/state';
import { getAccountResource } from './devnode/accounts';
import { handle } from './devnode/http';

export { TronApiError } from './devnode/types';
export type { DevnodeOptions, TronContractJson, TronRawData, TronTx } from './devnode/types';
export { finalizeTx, intrinsicGas, transactionSize } from './devnode/encoding';

export class TronDevnode extends DevnodeState {
  private server: http.Server | undefined;

  async start(): Promise<void> {
    await this.rpc.call('anvil_autoImpersonateAccount', [true]);
    this.chainId = Number(BigInt(await this.rpc.call<string>('eth_chainId', [])));
    const head = await this.latestBlock();
    this.blockGasLimit = big(head.gasLimit);
    this.server = http.createServer((req, res) => {
      void handle(this, req, res, (name, params) => this.handleAdmin(name, params));
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

  /**
   * Register many contracts in this order (the last of a code hash serves unregistered copies,
   * as with one registerContract after another), reading their code 50 at a time: a restored
   * large profile has 2 400.
   */
  async registerContracts(
    list: ReadonlyArray<{ address: string; abi: readonly JsonFragment[]; name?: string }>,
  ): Promise<void> {
    for (let i = 0; i < list.length; i += 50) {
      const chunk = list.slice(i, i + 50);
      const codes = await Promise.all(
        chunk.map((c) => this.rpc.call<string>('eth_getCode', [toEvmAddress(c.address), 'latest'])),
      );
      chunk.forEach((c, j) => {
        const code = codes[j];
        this.registry.register(
          toEvmAddress(c.address),
          c.abi,
          c.name,
          code && code !== '0x' ? codeHashOf(code) : undefined,
        );
      });
    }
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
        return { result: true, ...(await getAccountResource(this, { address: p.address })) };
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
