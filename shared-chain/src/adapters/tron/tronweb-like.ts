/**
 * The parts of a TronWeb instance this adapter uses, structurally: tronweb 6 in the reader and the
 * dev wallet, and whatever TronWeb TronLink injects as `window.tronWeb` (older versions included).
 * Type-only, so modules that need no tronweb at runtime (the TronLink connector) stay light.
 */

/** One contract method call: `.call()` for views, `.send()` to sign and broadcast. */
export interface LooseMethodCall {
  call(options?: object): Promise<unknown>;
  send(options?: object): Promise<unknown>;
}

export interface LooseContract {
  methods: Record<string, ((...args: unknown[]) => LooseMethodCall) | undefined>;
}

export interface ChainQueryTronWeb {
  trx: {
    getBlockByNumber(block: number): Promise<unknown>;
    getNodeInfo(): Promise<unknown>;
  };
}

export interface TronWebLike extends ChainQueryTronWeb {
  ready?: boolean;
  defaultAddress: { base58: string | false; hex: string | false; name?: string };
  fullNode?: { host?: string };
  trx: ChainQueryTronWeb['trx'] & {
    getUnconfirmedBalance(address: string): Promise<number>;
    getAccountResources(address: string): Promise<unknown>;
    getBandwidth(address: string): Promise<number>;
    getUnconfirmedTransactionInfo(txid: string): Promise<unknown>;
  };
  contract(abi: unknown, address: string): unknown;
}

/** java-tron's gettransactioninfobyid answer (only what is read here). */
export interface TronTxInfo {
  id?: string;
  fee?: number;
  blockNumber?: number;
  contractResult?: string[];
  result?: string;
  resMessage?: string;
  receipt?: {
    result?: string;
    energy_usage?: number;
    energy_fee?: number;
    energy_usage_total?: number;
    net_usage?: number;
    net_fee?: number;
  };
  /** The events: address as 20 bytes of hex (no 41), topics and data in hex without 0x. */
  log?: Array<{ address?: string; topics?: string[]; data?: string }>;
}
