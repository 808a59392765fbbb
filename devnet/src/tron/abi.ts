/**
 * ABI registry (anvil stores no ABIs) and conversions between solc JSON ABIs, java-tron's
 * SmartContract.ABI JSON and TronGrid's event format.
 */
import {
  Interface,
  keccak256,
  type EventFragment,
  type JsonFragment,
  type LogDescription,
  type ParamType,
  Indexed,
} from 'ethers';
import { toBase58 } from './address';

export interface RegisteredContract {
  address: string; // 0x lower
  name?: string;
  abi: JsonFragment[];
  iface: Interface;
}

const STATE_MUTABILITY: Record<string, string> = {
  view: 'View',
  pure: 'Pure',
  nonpayable: 'Nonpayable',
  payable: 'Payable',
};
const ENTRY_TYPE: Record<string, string> = {
  function: 'Function',
  event: 'Event',
  constructor: 'Constructor',
  fallback: 'Fallback',
  receive: 'Receive',
  error: 'Error',
};

interface TronParam {
  indexed?: boolean;
  name?: string;
  type: string;
}
export interface TronAbiEntry {
  anonymous?: boolean;
  constant?: boolean;
  name?: string;
  inputs?: TronParam[];
  outputs?: TronParam[];
  type: string;
  payable?: boolean;
  stateMutability?: string;
}

function tronParam(
  p: JsonFragment['inputs'] extends readonly (infer T)[] | undefined ? T : never,
): TronParam {
  // java-tron's ABI.Entry.Param has only indexed, name, type (no components, no internalType).
  const out: TronParam = { type: p.type ?? '' };
  if (p.indexed) out.indexed = true;
  if (p.name) out.name = p.name;
  return out;
}

/** Render a solc ABI the way java-tron's getcontract does (false/empty fields omitted). */
export function toTronAbi(abi: readonly JsonFragment[]): { entrys?: TronAbiEntry[] } {
  const entrys: TronAbiEntry[] = [];
  for (const f of abi) {
    const type = ENTRY_TYPE[f.type ?? 'function'];
    if (!type) continue;
    const e: TronAbiEntry = { type };
    if (f.anonymous) e.anonymous = true;
    const mut =
      f.stateMutability ??
      (f.constant ? 'view' : f.payable ? 'payable' : f.type === 'event' ? undefined : 'nonpayable');
    if (mut === 'view' || mut === 'pure') e.constant = true;
    if (f.name) e.name = f.name;
    if (f.inputs?.length) e.inputs = f.inputs.map(tronParam);
    if (f.outputs?.length) e.outputs = f.outputs.map(tronParam);
    if (mut === 'payable') e.payable = true;
    if (mut && type !== 'Event' && type !== 'Error')
      e.stateMutability = STATE_MUTABILITY[mut] ?? mut;
    entrys.push(e);
  }
  return entrys.length ? { entrys } : {};
}

export class AbiRegistry {
  private readonly byAddress = new Map<string, RegisteredContract>();
  /** runtime code hash -> contract whose ABI serves every contract with the same code (e.g. factory pairs). */
  private readonly byCodeHash = new Map<string, RegisteredContract>();
  /** topic0 -> event fragments from every registered ABI (fallback decoding for unregistered emitters). */
  private readonly events = new Map<string, { iface: Interface; fragment: EventFragment }[]>();

  /**
   * One Interface per distinct ABI: building one costs milliseconds, and the large profile
   * registers 2 400 contracts of two ABIs. By object first (the same artifact), else
   * by its text (an ABI sent over the admin API is a new object each time).
   */
  private readonly ifaceByAbi = new WeakMap<object, Interface>();
  private readonly ifaceByText = new Map<string, Interface>();

  private interfaceOf(abi: readonly JsonFragment[]): { iface: Interface; known: boolean } {
    const same = this.ifaceByAbi.get(abi);
    if (same) return { iface: same, known: true };
    const text = JSON.stringify(abi);
    const known = this.ifaceByText.get(text);
    const iface = known ?? new Interface(abi as JsonFragment[]);
    this.ifaceByAbi.set(abi, iface);
    if (!known) this.ifaceByText.set(text, iface);
    return { iface, known: known !== undefined };
  }

  register(
    address: string,
    abi: readonly JsonFragment[],
    name?: string,
    codeHash?: string,
  ): RegisteredContract {
    const { iface, known } = this.interfaceOf(abi);
    const entry: RegisteredContract = { address: address.toLowerCase(), abi: [...abi], iface };
    if (name) entry.name = name;
    this.byAddress.set(entry.address, entry);
    if (codeHash) this.byCodeHash.set(codeHash, entry);
    // Its events are indexed already when the same ABI was registered before.
    if (known) return entry;
    iface.forEachEvent((fragment) => {
      const list = this.events.get(fragment.topicHash) ?? [];
      if (
        !list.some(
          (x) =>
            x.fragment.format('sighash') === fragment.format('sighash') &&
            sameIndexing(x.fragment, fragment),
        )
      ) {
        list.push({ iface, fragment });
      }
      this.events.set(fragment.topicHash, list);
    });
    return entry;
  }

  get(address: string): RegisteredContract | undefined {
    return this.byAddress.get(address.toLowerCase());
  }

  byCode(codeHash: string): RegisteredContract | undefined {
    return this.byCodeHash.get(codeHash);
  }

  addCodeHash(codeHash: string, entry: RegisteredContract): void {
    if (!this.byCodeHash.has(codeHash)) this.byCodeHash.set(codeHash, entry);
  }

  all(): RegisteredContract[] {
    return [...this.byAddress.values()];
  }

  /** Decode a log with the emitter's ABI, else any registered event with the same topic0 and indexing. */
  parseLog(
    address: string,
    topics: string[],
    data: string,
  ): { desc: LogDescription; iface: Interface } | undefined {
    const own = this.get(address);
    if (own) {
      try {
        const desc = own.iface.parseLog({ topics, data });
        if (desc) return { desc, iface: own.iface };
      } catch {
        /* fall back */
      }
    }
    const topic0 = topics[0];
    if (!topic0) return undefined;
    for (const { iface } of this.events.get(topic0.toLowerCase()) ?? []) {
      try {
        const desc = iface.parseLog({ topics, data });
        if (desc) return { desc, iface };
      } catch {
        /* try next */
      }
    }
    return undefined;
  }
}

function sameIndexing(a: EventFragment, b: EventFragment): boolean {
  return a.inputs.every((p, i) => p.indexed === b.inputs[i]?.indexed);
}

export function codeHashOf(code: string): string {
  return keccak256(code);
}

/** TronGrid's value format: addresses 0x + 20 bytes lower case, integers decimal strings, bytes hex without 0x. */
export function formatEventValue(value: unknown, param: ParamType): unknown {
  if (value instanceof Indexed) return (value.hash ?? '').replace(/^0x/, '');
  if (param.baseType === 'array' && Array.isArray(value)) {
    const child = param.arrayChildren;
    return value.map((v: unknown) => (child ? formatEventValue(v, child) : String(v)));
  }
  if (param.baseType === 'tuple' && Array.isArray(value)) {
    return (param.components ?? []).map((c, i) => formatEventValue((value as unknown[])[i], c));
  }
  switch (param.baseType) {
    case 'address':
      return String(value).toLowerCase();
    case 'bool':
      return value ? 'true' : 'false';
    case 'string':
      return String(value);
    default:
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'string')
        return param.baseType.startsWith('bytes') ? value.replace(/^0x/, '') : value;
      return String(value);
  }
}

export interface TronGridEvent {
  block_number: number;
  block_timestamp: number;
  caller_contract_address: string;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, unknown>;
  result_type: Record<string, string>;
  event: string;
  transaction_id: string;
}

export function toTronGridEvent(
  desc: LogDescription,
  meta: {
    blockNumber: number;
    blockTimestamp: number;
    emitter: string;
    caller: string;
    eventIndex: number;
    transactionId: string;
  },
): TronGridEvent {
  const result: Record<string, unknown> = {};
  const resultType: Record<string, string> = {};
  desc.fragment.inputs.forEach((p, i) => {
    const v = formatEventValue(desc.args[i], p);
    result[String(i)] = v;
    if (p.name) {
      result[p.name] = v;
      resultType[p.name] = p.type;
    }
  });
  const signature = `${desc.fragment.name}(${desc.fragment.inputs
    .map((p) => `${p.type}${p.indexed ? ' indexed' : ''}${p.name ? ' ' + p.name : ''}`)
    .join(', ')})`;
  return {
    block_number: meta.blockNumber,
    block_timestamp: meta.blockTimestamp,
    caller_contract_address: toBase58(meta.caller),
    contract_address: toBase58(meta.emitter),
    event_index: meta.eventIndex,
    event_name: desc.name,
    result,
    result_type: resultType,
    event: signature,
    transaction_id: meta.transactionId,
  };
}
