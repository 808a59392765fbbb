// The devnode's data shapes: the TRON transaction JSON tronweb builds and signs, and the
// anvil JSON-RPC answers it is executed with.
import { type ResourceParams } from '../resources';
import { toEvmAddress } from '../address';

export type Json = Record<string, unknown>;

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

export interface EthBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactionsRoot: string;
  miner: string;
  gasLimit: string;
  transactions: (string | EthTx)[];
}

export interface EthTx {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  value: string;
}

export interface EthLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
}

export interface EthReceipt {
  transactionHash: string;
  blockNumber: string;
  status: string;
  gasUsed: string;
  to: string | null;
  from: string;
  contractAddress: string | null;
  logs: EthLog[];
}

export interface CallTrace {
  output?: string;
  error?: string;
  gasUsed?: string;
}

export interface TxRecord {
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

/** java-tron's CONTRACT_VALIDATE_ERROR, as a broadcast answers it. */
export function validateErr(m: string): TronApiError {
  return new TronApiError('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${m}`);
}

/** A transaction's address field as an EVM address, or java-tron's validate error `invalid`. */
export function addressField(raw: unknown, invalid: string): string {
  try {
    return toEvmAddress(String(raw ?? ''));
  } catch {
    throw validateErr(invalid);
  }
}
