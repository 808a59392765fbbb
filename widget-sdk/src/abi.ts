/**
 * A small, strict ABI decoder for the router calls the host may be asked to send: the static
 * types (uint256, address, bool, bytes32) and the dynamic arrays address[] and bytes32[]. Strict
 * means that one list of arguments has exactly one accepted encoding: the dynamic parts start at
 * the canonical offsets, in order, with nothing between or after them; an address word has 12
 * zero bytes; a bool is 0 or 1. Anything else is refused (undefined), never guessed at.
 */

export type AbiType = 'uint256' | 'address' | 'bool' | 'bytes32' | 'address[]' | 'bytes32[]';
/** uint256: bigint; address: 40 lower-case hex digits (no 0x); bytes32: 64 hex digits; bool. */
export type AbiValue = bigint | string | boolean | string[];

export const MAX_UINT256 = (1n << 256n) - 1n;
const WORD = 64; // hex digits
/** No router call has longer arrays (paths are 2 to MAX_HOP_LENGTH tokens). */
const MAX_ARRAY = 16;

export const isAbiType = (type: string): type is AbiType =>
  ['uint256', 'address', 'bool', 'bytes32', 'address[]', 'bytes32[]'].includes(type);

function decodeStatic(type: string, word: string): AbiValue | undefined {
  if (type === 'uint256') return BigInt(`0x${word}`);
  if (type === 'bytes32') return word;
  if (type === 'address') return /^0{24}/.test(word) ? word.slice(24) : undefined;
  if (type === 'bool') return /^0{63}[01]$/.test(word) ? word.endsWith('1') : undefined;
  return undefined;
}

/**
 * The arguments of `types` from the hex after the selector (no 0x), or undefined when the data is
 * not their one canonical encoding.
 */
export function decodeAbi(types: readonly string[], hex: string): AbiValue[] | undefined {
  if (!/^(?:[0-9a-f]{64})*$/i.test(hex)) return undefined;
  const data = hex.toLowerCase();
  const words = data.length / WORD;
  const word = (i: number) => data.slice(i * WORD, (i + 1) * WORD);
  if (words < types.length) return undefined;
  const values: AbiValue[] = [];
  let next = types.length; // where the next dynamic part must start, in words
  for (let i = 0; i < types.length; i++) {
    const type = types[i] as string;
    if (!isAbiType(type)) return undefined;
    if (!type.endsWith('[]')) {
      const value = decodeStatic(type, word(i));
      if (value === undefined) return undefined;
      values.push(value);
      continue;
    }
    if (BigInt(`0x${word(i)}`) !== BigInt(next * 32)) return undefined;
    if (next >= words) return undefined;
    const length = BigInt(`0x${word(next)}`);
    if (length > BigInt(MAX_ARRAY) || next + 1 + Number(length) > words) return undefined;
    const items: string[] = [];
    for (let k = 0; k < Number(length); k++) {
      const item = decodeStatic(type.slice(0, -2), word(next + 1 + k));
      if (typeof item !== 'string') return undefined;
      items.push(item);
    }
    values.push(items);
    next += 1 + Number(length);
  }
  return next === words ? values : undefined;
}

/** The canonical encoding of `values` (tests and the e2e build calldata with it). */
export function encodeAbi(types: readonly AbiType[], values: readonly AbiValue[]): string {
  const pad = (hex: string) => hex.toLowerCase().replace(/^0x/, '').padStart(WORD, '0');
  const encodeStatic = (type: string, value: AbiValue): string => {
    if (type === 'uint256') return pad((value as bigint).toString(16));
    if (type === 'bool') return pad(value ? '1' : '0');
    return pad(String(value));
  };
  const head: string[] = [];
  const tail: string[] = [];
  let offset = types.length;
  types.forEach((type, i) => {
    const value = values[i] as AbiValue;
    if (!type.endsWith('[]')) return head.push(encodeStatic(type, value));
    const items = value as string[];
    head.push(pad((offset * 32).toString(16)));
    tail.push(pad(items.length.toString(16)), ...items.map((v) => encodeStatic('bytes32', v)));
    offset += 1 + items.length;
  });
  return [...head, ...tail].join('');
}
