/**
 * TRON simulation before a send: the exact contract call the writer is about to
 * sign, run by the network's node with `triggerconstantcontract` from the user's address. A
 * revert throws a SimulationError (nothing reaches the wallet); otherwise the simulated
 * energy_used sets the fee limit and, with the account's free energy and bandwidth and the
 * chain's prices, the TRX the send will burn. No tronweb here: the node's HTTP API and the small
 * ABI codec.
 */
import { decodeResult, encodeArgs, type AbiValue } from '../../abi';
import type { NetworkConfig } from '../../config/types';
import {
  decodeErrorString,
  rawRevert,
  SimulationError,
  type SendAction,
} from '../../core/simulation';
import { tronBurnSun } from '../../core/tronFee';
import { nodesFor } from '../nodes';
import { toEvmHex, toTronHex } from './address';
import { TronNode } from './node';
import { sunToNumber } from './contracts';

/** One contract call as the writer sends it (tronweb's argument forms). */
export interface TronCall {
  abi: readonly unknown[];
  address: string;
  name: string;
  args: unknown[];
  callValue?: bigint;
}

export interface TronSimulation {
  energyUsed: bigint;
  /** Bytes of the unsigned raw_data the node built (0 when it sent none). */
  rawDataBytes: bigint;
  /** The call's return values (uint outputs, arrays flattened); empty when not decodable. */
  outputs: bigint[];
}

interface AbiEntry {
  type?: string;
  name?: string;
  inputs?: { type: string }[];
  outputs?: { type: string }[];
}

interface ConstantAnswer {
  result?: { result?: boolean; code?: string; message?: string };
  energy_used?: number;
  constant_result?: string[];
  transaction?: { raw_data_hex?: string; ret?: { ret?: string }[] };
}

/** java-tron's generic revert text (no reason in it). */
const GENERIC_REVERT = 'REVERT opcode executed';

function hexToUtf8(hex: string): string {
  const clean = hex.replace(/^0x/, '');
  if (!/^([0-9a-f]{2})*$/i.test(clean)) return hex;
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/** tronweb's argument forms (base58 addresses, decimal strings) as the codec's. */
function toAbiValue(type: string, value: unknown): AbiValue {
  if (type.endsWith('[]')) {
    const inner = type.slice(0, -2);
    return (value as unknown[]).map((v) => toAbiValue(inner, v));
  }
  if (type === 'address') return toEvmHex(String(value));
  if (/^u?int\d*$/.test(type)) return BigInt(value as string | number | bigint);
  if (type === 'bool') return Boolean(value);
  const text = String(value);
  return type.startsWith('bytes') && !text.startsWith('0x') ? `0x${text}` : text;
}

/** function_selector and parameter (hex, no 0x) of a call, from its ABI entry. */
export function encodeTronCall(call: TronCall): {
  selector: string;
  parameter: string;
  outputs: string[];
} {
  const entry = (call.abi as AbiEntry[]).find(
    (e) =>
      (e.type ?? 'function').toLowerCase() === 'function' &&
      e.name === call.name &&
      (e.inputs ?? []).length === call.args.length,
  );
  if (!entry) throw new TypeError(`No ABI entry for ${call.name}`);
  const types = (entry.inputs ?? []).map((i) => i.type);
  const values = types.map((t, i) => toAbiValue(t, call.args[i]));
  return {
    selector: `${call.name}(${types.join(',')})`,
    parameter: encodeArgs(types, values).slice(2),
    outputs: (entry.outputs ?? []).map((o) => o.type),
  };
}

/** The uint return values of a constant call's output, arrays flattened ([] when not decodable). */
export function uintOutputs(types: readonly string[], output: string | undefined): bigint[] {
  if (!output || types.some((t) => !/^uint\d*(\[\])?$/.test(t))) return [];
  const flat = (v: AbiValue): bigint[] =>
    Array.isArray(v) ? v.flatMap(flat) : [BigInt(v as bigint)];
  try {
    return decodeResult(types, output).flatMap(flat);
  } catch {
    return [];
  }
}

/**
 * The revert reason of a constant call's answer, or null when it did not revert: an Error(string)
 * output, java-tron's hex `result.message` (when it is more than "REVERT opcode executed"), a
 * FAILED `ret`, or an empty output.
 */
export function revertOf(answer: ConstantAnswer): { reason: string | undefined } | null {
  const output = answer.constant_result?.[0];
  const message = answer.result?.message ? hexToUtf8(answer.result.message) : undefined;
  const failed =
    answer.result?.code !== undefined ||
    message !== undefined ||
    answer.transaction?.ret?.[0]?.ret === 'FAILED' ||
    output === undefined ||
    output === '' ||
    output.length % 64 === 8;
  if (!failed) return null;
  const fromOutput = output && output.length % 64 === 8 ? decodeErrorString(output) : undefined;
  const fromMessage = message !== undefined && message !== GENERIC_REVERT ? message : undefined;
  return { reason: fromOutput ?? fromMessage ?? rawRevert(output || undefined) };
}

/** Simulates `call` from `owner` on the network's node; a revert throws a SimulationError. */
export async function simulateTronCall(
  network: NetworkConfig,
  owner: string,
  call: TronCall,
  action: SendAction,
  node: TronNode = new TronNode(nodesFor(network).pool),
): Promise<TronSimulation> {
  const { selector, parameter, outputs } = encodeTronCall(call);
  const answer = await node.post<ConstantAnswer>('triggerconstantcontract', {
    contract_address: toTronHex(call.address),
    owner_address: toTronHex(owner),
    function_selector: selector,
    parameter,
    call_value: sunToNumber(call.callValue ?? 0n),
  });
  const revert = revertOf(answer);
  if (revert) throw new SimulationError(action, revert.reason);
  const raw = answer.transaction?.raw_data_hex ?? '';
  return {
    energyUsed: BigInt(answer.energy_used ?? 0),
    rawDataBytes: BigInt(raw.length / 2),
    outputs: uintOutputs(outputs, answer.constant_result?.[0]),
  };
}

export interface TronFeeContext {
  energyPrice: bigint;
  bandwidthPrice: bigint;
  freeEnergy: bigint;
  freeBandwidth: { staked: bigint; free: bigint };
}

const positive = (a: number | undefined, b: number | undefined): bigint => {
  const v = BigInt(a ?? 0) - BigInt(b ?? 0);
  return v > 0n ? v : 0n;
};

/** The chain's energy and bandwidth prices (getchainparameters; mainnet's 100/1000 when absent). */
export async function tronPrices(
  node: TronNode,
): Promise<{ energyPrice: bigint; bandwidthPrice: bigint }> {
  const answer = await node.post<{ chainParameter?: { key: string; value?: number }[] }>(
    'getchainparameters',
    {},
  );
  const param = (key: string, fallback: bigint): bigint => {
    const found = answer.chainParameter?.find((p) => p.key === key);
    return found?.value !== undefined ? BigInt(found.value) : fallback;
  };
  return {
    energyPrice: param('getEnergyFee', 100n),
    bandwidthPrice: param('getTransactionFee', 1000n),
  };
}

/** Prices and the account's free energy and bandwidth (getaccountresource). */
export async function tronFeeContext(
  network: NetworkConfig,
  owner: string,
  node: TronNode = new TronNode(nodesFor(network).pool),
): Promise<TronFeeContext> {
  const [prices, r] = await Promise.all([
    tronPrices(node),
    node.post<Record<string, number | undefined>>('getaccountresource', {
      address: toTronHex(owner),
    }),
  ]);
  return {
    ...prices,
    freeEnergy: positive(r.EnergyLimit, r.EnergyUsed),
    freeBandwidth: {
      staked: positive(r.NetLimit, r.NetUsed),
      free: positive(r.freeNetLimit, r.freeNetUsed),
    },
  };
}

/**
 * Bytes java-tron charges for the signed transaction: raw_data plus the fee_limit field the
 * send adds (up to 6 bytes), a 65-byte signature and protobuf framing, plus 64.
 */
export function bandwidthOf(rawDataBytes: bigint): bigint {
  if (rawDataBytes === 0n) return 0n;
  const raw = rawDataBytes + 6n;
  return 3n + raw + 67n + 64n;
}

export interface TronFeePreview {
  /** Sun the send will burn. */
  feeSun: bigint;
  freeEnergy: bigint;
  energyUsed: bigint;
  /** The call's return values (see uintOutputs). */
  outputs: bigint[];
}

/** Simulates `call` and says what it will burn for this account now. */
export async function previewTronFee(
  network: NetworkConfig,
  owner: string,
  call: TronCall,
  action: SendAction,
): Promise<TronFeePreview> {
  const node = new TronNode(nodesFor(network).pool);
  const [sim, ctx] = await Promise.all([
    simulateTronCall(network, owner, call, action, node),
    tronFeeContext(network, owner, node),
  ]);
  const feeSun = tronBurnSun({
    energyUsed: sim.energyUsed,
    bandwidthBytes: bandwidthOf(sim.rawDataBytes),
    freeEnergy: ctx.freeEnergy,
    freeBandwidth: ctx.freeBandwidth,
    energyPrice: ctx.energyPrice,
    bandwidthPrice: ctx.bandwidthPrice,
  });
  return { feeSun, freeEnergy: ctx.freeEnergy, energyUsed: sim.energyUsed, outputs: sim.outputs };
}
