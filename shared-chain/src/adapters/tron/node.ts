/**
 * The TRON node's HTTP API for reads, over fetch: the requests tronweb makes for the same reads
 * (POST JSON, 41-hex addresses, no `visible`), and its checks of the answers, so a failure reads
 * the same as it did through tronweb. No tronweb here: this is in every TRON page's first load.
 */
import { decodeResult, encodeArgs, type AbiValue } from '../../abi';
import { toTronHex } from './address';

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

/** As tronweb's HTTP provider: a node that does not answer within 30 s has failed. */
const TIMEOUT_MS = 30_000;

function hexToUtf8(hex: string): string {
  const bytes = new Uint8Array(
    (hex.replace(/^0x/, '').match(/../g) ?? []).map((b) => parseInt(b, 16)),
  );
  return new TextDecoder().decode(bytes);
}

export class TronNode {
  private readonly url: string;
  private readonly fetchImpl: FetchLike;

  constructor(url: string, fetchImpl?: FetchLike) {
    this.url = url.replace(/\/+$/, '');
    this.fetchImpl = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** POST `/wallet/<name>`; java-tron's `{Error}` answers throw. */
  async post<T>(name: string, body: Record<string, unknown>): Promise<T> {
    const response = await this.fetchImpl(`${this.url}/wallet/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal:
        typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
    });
    if (!response.ok) throw new Error(`TRON node answered ${response.status} to ${name}`);
    const json = (await response.json()) as T & { Error?: unknown };
    if (json !== null && typeof json === 'object' && json.Error !== undefined) {
      throw new Error(String(json.Error));
    }
    return json;
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
  ): Promise<AbiValue[]> {
    const answer = await this.post<{ constant_result?: string[]; result?: { message?: string } }>(
      'triggerconstantcontract',
      {
        contract_address: toTronHex(contract),
        owner_address: owner,
        function_selector: fn.signature,
        parameter: encodeArgs(fn.inputs, args).slice(2),
        call_value: 0,
      },
    );
    if (answer.result?.message) throw new Error(hexToUtf8(answer.result.message));
    const output = answer.constant_result?.[0];
    if (output === undefined) throw new Error('Failed to execute');
    // An empty output, or Error(string)'s selector plus words: a revert.
    if (output.length === 0 || output.length % 64 === 8) {
      throw new Error('The call has been reverted or has thrown an error.');
    }
    return decodeResult(fn.outputs, output);
  }
}
