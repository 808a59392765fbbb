// Contract reads and simulation (triggerconstantcontract, estimateenergy) and contract
// metadata (getcontract, getcontractinfo).
import { id as keccakId } from 'ethers';
import { RpcError } from '../anvil';
import { toBase58, toEvmAddress, toTronHex } from '../address';
import { codeHashOf, toTronAbi } from '../abi';
import { type Json, TronApiError } from './types';
import {
  TRIGGER_TYPE_URL,
  ZERO_ADDRESS,
  utf8Hex,
  strip0x,
  big,
  hexQ,
  intrinsicGas,
} from './encoding';
import type { DevnodeState } from './state';
import { buildTx } from './build';

/** eth_estimateGas of a call at the latest block; undefined when it cannot be estimated. */
export async function gasNeeded(node: DevnodeState, call: Json): Promise<bigint | undefined> {
  try {
    return big(await node.rpc.call<string>('eth_estimateGas', [call, 'latest']));
  } catch {
    return undefined;
  }
}

export async function constantCall(node: DevnodeState, p: Json, estimate: boolean): Promise<Json> {
  const from = p.owner_address ? toEvmAddress(String(p.owner_address)) : ZERO_ADDRESS;
  // java-tron simulates a contract's creation when no contract address is given: `data` is the
  // creation code, and the output is what the constructor returns.
  if (!p.contract_address && !estimate && p.data) return deploySimulation(node, p, from);
  if (!p.contract_address)
    throw new TronApiError('CONTRACT_VALIDATE_ERROR', 'contract_address is required');
  const to = toEvmAddress(String(p.contract_address));
  const data = p.function_selector
    ? keccakId(String(p.function_selector)).slice(2, 10) + strip0x(String(p.parameter ?? ''))
    : strip0x(String(p.data ?? ''));
  const code = await node.rpc.call<string>('eth_getCode', [to, 'latest']);
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
    output = strip0x(await node.rpc.call<string>('eth_call', [call, 'latest']));
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
      const gas = big(await node.rpc.call<string>('eth_estimateGas', [call, 'latest']));
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
  const tx = await buildTx(
    node,
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

async function deploySimulation(node: DevnodeState, p: Json, from: string): Promise<Json> {
  const call: Json = { from, data: '0x' + strip0x(String(p.data)) };
  const callValue = big(p.call_value);
  if (callValue > 0n) call.value = hexQ(callValue);
  try {
    const output = strip0x(await node.rpc.call<string>('eth_call', [call, 'latest']));
    return { result: { result: true }, energy_used: 0, constant_result: [output] };
  } catch (e) {
    if (e instanceof RpcError && typeof e.data === 'string')
      return {
        result: { result: true, message: utf8Hex('REVERT opcode executed') },
        constant_result: [strip0x(e.data)],
      };
    const msg = e instanceof Error ? e.message : String(e);
    return { result: { code: 'OTHER_ERROR', message: utf8Hex(msg) } };
  }
}

export async function smartContract(
  node: DevnodeState,
  evm: string,
  visible: boolean,
): Promise<{ sc: Json; code: string } | undefined> {
  const code = await node.rpc.call<string>('eth_getCode', [evm, 'latest']);
  if (code === '0x') return undefined;
  const codeHash = codeHashOf(code);
  let reg = node.registry.get(evm);
  if (!reg) reg = node.registry.byCode(codeHash);
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

export async function getContract(node: DevnodeState, p: Json): Promise<Json> {
  if (!p.value) return {};
  const visible = p.visible === true || p.visible === 'true';
  const found = await smartContract(node, toEvmAddress(String(p.value)), visible);
  return found ? found.sc : {};
}

export async function getContractInfo(node: DevnodeState, p: Json): Promise<Json> {
  if (!p.value) return {};
  const visible = p.visible === true || p.visible === 'true';
  const found = await smartContract(node, toEvmAddress(String(p.value)), visible);
  if (!found) return {};
  return {
    runtimecode: strip0x(found.code),
    smart_contract: found.sc,
    contract_state: { update_cycle: Math.floor(node.nowMs() / 21_600_000) },
  };
}
