/**
 * The TRON node's HTTP API for reads, over fetch: the requests tronweb makes for the same reads
 * (POST JSON, 41-hex addresses, no `visible`), and its checks of the answers, so a failure reads
 * the same as it did through tronweb. No tronweb here: this is in every TRON page's first load.
 *
 * Every request goes through the network's NodePool (core/nodePool.ts): a node that answers an
 * HTTP error, times out, cannot be reached, says it is rate limited or answers something that is
 * not the node API's JSON is quarantined and the request goes to the next node. java-tron's
 * answers (an `Error`, a contract result that failed, a revert) are answers: they fail the read
 * on that node and are never asked of another. Nothing here broadcasts.
 */
import { decodeResult, encodeArgs, type AbiValue } from '../../abi';
import {
  NodeFailure,
  NodePool,
  READ_TIMEOUT_MS,
  withFailover,
  withTimeout,
  type NodeFacts,
} from '../../core/nodePool';
import { toTronHex } from './address';
import { chainIdFromGenesisId } from './chain';

/** The part of fetch used here (tests pass a double). */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** A view function: its signature (the node computes the selector) and its output types. */
export interface ViewFunction {
  signature: string;
  inputs: readonly string[];
  outputs: readonly string[];
}

export function view(signature: string, outputs: readonly string[]): ViewFunction {
  const list = signature.slice(signature.indexOf('(') + 1, -1);
  return { signature, inputs: list === '' ? [] : list.split(','), outputs };
}

/**
 * TronGrid's words for "too many requests" in an otherwise normal answer ("The key exceeds the
 * frequency limit(15) ...", "request rate exceeded the allowed_rps(...)").
 */
const RATE_LIMITED = /rate.?limit|too many requests|frequency limit|allowed_rps/i;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hexToUtf8(hex: string): string {
  const bytes = new Uint8Array(
    (hex.replace(/^0x/, '').match(/../g) ?? []).map((b) => parseInt(b, 16)),
  );
  return new TextDecoder().decode(bytes);
}

export interface TronNodeOptions {
  /** Per node and request (default 10 s). */
  timeoutMs?: number;
  /** The backoff's wait (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

export class TronNode {
  readonly pool: NodePool;
  private readonly fetchImpl: FetchLike;
  private readonly options: TronNodeOptions;

  /** `nodes`: the network's NodePool (shared health), or one url / a list (a pool of its own). */
  constructor(
    nodes: NodePool | string | readonly string[],
    fetchImpl?: FetchLike,
    options: TronNodeOptions = {},
  ) {
    const list =
      nodes instanceof NodePool ? undefined : typeof nodes === 'string' ? [nodes] : nodes;
    this.pool = list === undefined ? (nodes as NodePool) : new NodePool(list);
    this.fetchImpl = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
    this.options = options;
  }

  /**
   * POST `/wallet/<name>` to a healthy node; java-tron's `{Error}` answers throw. `malformed`
   * says why an answer that parsed is still not one of this call (then the next node is asked).
   */
  async post<T>(
    name: string,
    body: Record<string, unknown>,
    malformed?: (answer: Record<string, unknown>) => string | undefined,
  ): Promise<T> {
    return withFailover(
      this.pool,
      (url) =>
        withTimeout(url, this.options.timeoutMs ?? READ_TIMEOUT_MS, (signal) =>
          this.postTo(url, name, body, signal, malformed),
        ),
      {
        sleep: this.options.sleep,
        ask: (url) => this.facts(url),
        readOnly: !name.startsWith('broadcast'),
      },
    );
  }

  /**
   * A node's chain and head, for the pool's checks. TRON's chain id (`block.chainid`, the
   * networks.json chainId) is the last 4 bytes of the genesis block's id (mainnet's ends in
   * 2b6653dc = 728126428); the head is the latest block's header (`getblock` without detail).
   */
  async facts(url: string): Promise<NodeFacts> {
    const ms = this.options.timeoutMs ?? READ_TIMEOUT_MS;
    const header = (answer: Record<string, unknown>) => {
      const raw = (answer.block_header as { raw_data?: Record<string, unknown> } | undefined)
        ?.raw_data;
      return typeof answer.blockID === 'string' && /^[0-9a-f]{64}$/i.test(answer.blockID) && raw
        ? undefined
        : 'without a block';
    };
    const [genesis, head] = await Promise.all(
      [{ id_or_num: '0', detail: false }, { detail: false }].map((body) =>
        withTimeout(url, ms, (signal) =>
          this.postTo<{ blockID: string; block_header: { raw_data: Record<string, unknown> } }>(
            url,
            'getblock',
            body,
            signal,
            header,
          ),
        ),
      ),
    );
    const raw = head?.block_header.raw_data ?? {};
    // Protobuf's JSON leaves zeros out: block 0 has no `number`.
    const number = typeof raw.number === 'number' ? raw.number : 0;
    const timestampMs = typeof raw.timestamp === 'number' ? raw.timestamp : 0;
    return {
      chainId: chainIdFromGenesisId((genesis as { blockID: string }).blockID),
      head: { number, timestampMs },
    };
  }

  private async postTo<T>(
    node: string,
    name: string,
    body: Record<string, unknown>,
    signal: AbortSignal,
    malformed?: (answer: Record<string, unknown>) => string | undefined,
  ): Promise<T> {
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await this.fetchImpl(`${node.replace(/\/+$/, '')}/wallet/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw new NodeFailure(`TRON node unreachable: ${text}`, node);
    }
    // java-tron answers every well-formed request with 200, its errors included.
    if (!response.ok)
      throw new NodeFailure(`TRON node answered ${response.status} to ${name}`, node);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new NodeFailure(`TRON node answered ${name} with something that is not JSON`, node);
    }
    if (!isObject(json)) throw new NodeFailure(`TRON node answered ${name} with no object`, node);
    if (json.Error !== undefined) {
      const text = String(json.Error);
      if (RATE_LIMITED.test(text)) throw new NodeFailure(`TRON node rate limited: ${text}`, node);
      throw new Error(text);
    }
    const problem = malformed?.(json);
    if (problem !== undefined) throw new NodeFailure(`TRON node answered ${name} ${problem}`, node);
    return json as T;
  }

  /**
   * A constant call (`triggerconstantcontract`) from `owner` (41-hex), decoded. Throws as
   * tronweb's `.call()` does: the node's hex `result.message`, or a revert.
   */
  async call(
    contract: string,
    fn: ViewFunction,
    args: readonly AbiValue[],
    owner: string | undefined,
    /** Sun sent with the call; below 2^53 (the probe's small buy). */
    callValue = 0,
  ): Promise<AbiValue[]> {
    return decodeResult(fn.outputs, await this.callOutput(contract, fn, args, owner, callValue));
  }

  /** call's output as the node gave it (hex, not decoded), after the same checks. */
  async callOutput(
    contract: string,
    fn: ViewFunction,
    args: readonly AbiValue[],
    owner: string | undefined,
    callValue = 0,
  ): Promise<string> {
    const answer = await this.post<{ constant_result?: string[]; result?: { message?: string } }>(
      'triggerconstantcontract',
      {
        contract_address: toTronHex(contract),
        owner_address: owner,
        function_selector: fn.signature,
        parameter: encodeArgs(fn.inputs, args).slice(2),
        call_value: callValue,
      },
      // java-tron always says how the call went: a `result`, the call's output, or both.
      (json) =>
        isObject(json.result) || Array.isArray(json.constant_result)
          ? undefined
          : 'without a result',
    );
    if (answer.result?.message) throw new Error(hexToUtf8(answer.result.message));
    const output = answer.constant_result?.[0];
    if (output === undefined) throw new Error('Failed to execute');
    // An empty output, or Error(string)'s selector plus words: a revert.
    if (output.length === 0 || output.length % 64 === 8) {
      throw new Error('The call has been reverted or has thrown an error.');
    }
    return output;
  }
}
