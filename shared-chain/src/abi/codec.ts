/**
 * The Solidity ABI, only as far as the light readers need it: call data for view functions and
 * the decoding of their results. No chain library: this ships in every first load, where ethers
 * (and tronweb) must not. Hex goes out with 0x; hex comes in with or without it.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { getAddress } from './address';

/** uint/int: bigint (or a safe integer); address, bytes, bytesN: 0x hex; arrays and tuples: arrays. */
export type AbiValue = bigint | number | boolean | string | readonly AbiValue[];

type AbiType =
  | { kind: 'uint' | 'int'; bits: number }
  | { kind: 'address' | 'bool' | 'bytes' | 'string' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'array'; of: AbiType; length?: number }
  | { kind: 'tuple'; of: AbiType[] };

const parsed = new Map<string, AbiType>();

/** Splits "a,(b,c),d[]" at its top-level commas. */
function splitTop(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  const last = list.slice(start);
  return parts.length === 0 && last.trim() === '' ? [] : [...parts, last];
}

function parseType(source: string): AbiType {
  const text = source.trim().replace(/^tuple(?=\()/, '');
  const known = parsed.get(text);
  if (known) return known;
  let type: AbiType | undefined;
  const array = /^(.*)\[(\d*)\]$/.exec(text);
  const int = /^(u?)int(\d*)$/.exec(text);
  const fixed = /^bytes(\d+)$/.exec(text);
  if (array) {
    type = { kind: 'array', of: parseType(array[1] as string) };
    if (array[2] !== '') type.length = Number(array[2]);
  } else if (text.startsWith('(') && text.endsWith(')')) {
    type = { kind: 'tuple', of: splitTop(text.slice(1, -1)).map(parseType) };
  } else if (int) {
    const bits = int[2] === '' ? 256 : Number(int[2]);
    if (bits % 8 === 0 && bits >= 8 && bits <= 256) type = { kind: int[1] ? 'uint' : 'int', bits };
  } else if (fixed) {
    const size = Number(fixed[1]);
    if (size >= 1 && size <= 32) type = { kind: 'fixedBytes', size };
  } else if (text === 'address' || text === 'bool' || text === 'bytes' || text === 'string') {
    type = { kind: text };
  }
  if (!type) throw new TypeError(`Unsupported ABI type "${source}"`);
  parsed.set(text, type);
  return type;
}

/** The canonical spelling used for selectors (uint -> uint256, no spaces). */
function canonical(type: AbiType): string {
  switch (type.kind) {
    case 'uint':
    case 'int':
      return `${type.kind}${type.bits}`;
    case 'fixedBytes':
      return `bytes${type.size}`;
    case 'array':
      return `${canonical(type.of)}[${type.length ?? ''}]`;
    case 'tuple':
      return `(${type.of.map(canonical).join(',')})`;
    default:
      return type.kind;
  }
}

function isDynamic(type: AbiType): boolean {
  if (type.kind === 'bytes' || type.kind === 'string') return true;
  if (type.kind === 'array') return type.length === undefined || isDynamic(type.of);
  if (type.kind === 'tuple') return type.of.some(isDynamic);
  return false;
}

/** Bytes a value takes in the head of its enclosing tuple. */
function headSize(type: AbiType): number {
  if (isDynamic(type)) return 32;
  if (type.kind === 'tuple') return type.of.reduce((sum, t) => sum + headSize(t), 0);
  if (type.kind === 'array') return (type.length as number) * headSize(type.of);
  return 32;
}

/** Parses "name(type,...)" into its name and parameter types. */
function parseSignature(signature: string): { name: string; types: AbiType[] } {
  const match = /^\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*\((.*)\)\s*$/.exec(signature);
  if (!match) throw new TypeError(`Not a function signature: "${signature}"`);
  return { name: match[1] as string, types: splitTop(match[2] as string).map(parseType) };
}

// ---- encoding ----

const word = (value: bigint): string => value.toString(16).padStart(64, '0');
const padRight = (hex: string): string => hex.padEnd(Math.ceil(hex.length / 64) * 64, '0');

function hexBody(value: AbiValue, what: string): string {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new TypeError(`Expected 0x hex for ${what}, got ${String(value)}`);
  }
  return value.slice(2).toLowerCase();
}

function toInteger(value: AbiValue): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new TypeError(`Expected an integer, got ${String(value)}`);
}

function encodeValue(type: AbiType, value: AbiValue): string {
  switch (type.kind) {
    case 'uint':
    case 'int': {
      const n = toInteger(value);
      const bits = BigInt(type.bits);
      const min = type.kind === 'uint' ? 0n : -(1n << (bits - 1n));
      const max = type.kind === 'uint' ? (1n << bits) - 1n : (1n << (bits - 1n)) - 1n;
      if (n < min || n > max) throw new RangeError(`${n} does not fit ${canonical(type)}`);
      return word(n < 0n ? (1n << 256n) + n : n);
    }
    case 'address':
      if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
        throw new TypeError(`Expected a 0x address, got ${String(value)}`);
      }
      return value.slice(2).toLowerCase().padStart(64, '0');
    case 'bool':
      if (typeof value !== 'boolean') throw new TypeError(`Expected a boolean, got ${value}`);
      return word(value ? 1n : 0n);
    case 'fixedBytes': {
      const body = hexBody(value, canonical(type));
      if (body.length !== type.size * 2) throw new RangeError(`Expected ${type.size} bytes`);
      return padRight(body);
    }
    case 'bytes':
    case 'string': {
      const body =
        type.kind === 'string' ? bytesToHex(utf8ToBytes(String(value))) : hexBody(value, 'bytes');
      return word(BigInt(body.length / 2)) + padRight(body);
    }
    case 'array': {
      if (!Array.isArray(value)) throw new TypeError(`Expected an array for ${canonical(type)}`);
      const items = value as readonly AbiValue[];
      if (type.length !== undefined && items.length !== type.length) {
        throw new RangeError(`Expected ${type.length} items for ${canonical(type)}`);
      }
      const body = encodeTuple(
        items.map(() => type.of),
        items,
      );
      return type.length === undefined ? word(BigInt(items.length)) + body : body;
    }
    case 'tuple':
      if (!Array.isArray(value)) throw new TypeError(`Expected an array for ${canonical(type)}`);
      return encodeTuple(type.of, value as readonly AbiValue[]);
  }
}

function encodeTuple(types: readonly AbiType[], values: readonly AbiValue[]): string {
  if (types.length !== values.length) {
    throw new RangeError(`Expected ${types.length} values, got ${values.length}`);
  }
  let offset = types.reduce((sum, t) => sum + headSize(t), 0);
  let heads = '';
  let tails = '';
  types.forEach((type, i) => {
    const encoded = encodeValue(type, values[i] as AbiValue);
    if (isDynamic(type)) {
      heads += word(BigInt(offset));
      tails += encoded;
      offset += encoded.length / 2;
    } else {
      heads += encoded;
    }
  });
  return heads + tails;
}

/** ABI-encodes `args` as the parameters `types` (no selector), 0x hex. */
export function encodeArgs(types: readonly string[], args: readonly AbiValue[]): string {
  return `0x${encodeTuple(types.map(parseType), args)}`;
}

/** The 4-byte selector of "name(type,...)", 0x hex. */
export function selector(signature: string): string {
  const { name, types } = parseSignature(signature);
  const text = `${name}(${types.map(canonical).join(',')})`;
  return `0x${bytesToHex(keccak_256(utf8ToBytes(text)).subarray(0, 4))}`;
}

/** Call data for "name(type,...)" with `args`: selector and parameters, 0x hex. */
export function encodeCall(signature: string, args: readonly AbiValue[]): string {
  const { types } = parseSignature(signature);
  return selector(signature) + encodeTuple(types, args);
}

// ---- decoding ----

const utf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  constructor(private readonly hex: string) {}

  get size(): number {
    return this.hex.length / 2;
  }

  bytes(at: number, length: number): string {
    if (at < 0 || at + length > this.size) throw new RangeError('ABI data too short');
    return this.hex.slice(at * 2, (at + length) * 2);
  }

  word(at: number): bigint {
    return BigInt(`0x${this.bytes(at, 32)}`);
  }

  /** An offset or a length: must point inside the data. */
  index(at: number): number {
    const value = this.word(at);
    if (value > BigInt(this.size)) throw new RangeError('ABI offset or length out of range');
    return Number(value);
  }
}

function decodeValue(type: AbiType, data: Reader, at: number): AbiValue {
  switch (type.kind) {
    case 'uint':
    case 'int': {
      const bits = BigInt(type.bits);
      const value = data.word(at) & ((1n << bits) - 1n);
      const negative = type.kind === 'int' && value >> (bits - 1n) === 1n;
      return negative ? value - (1n << bits) : value;
    }
    case 'address': {
      const body = data.bytes(at, 32);
      if (!/^0{24}/.test(body)) throw new RangeError('ABI address out of range');
      return getAddress(`0x${body.slice(24)}`);
    }
    case 'bool':
      return data.word(at) !== 0n;
    case 'fixedBytes':
      return `0x${data.bytes(at, 32).slice(0, type.size * 2)}`;
    case 'bytes':
    case 'string': {
      const length = data.index(at);
      // Padded to whole words, as every encoder writes it (and ethers insists).
      data.bytes(at + 32, Math.ceil(length / 32) * 32);
      const body = data.bytes(at + 32, length);
      if (type.kind === 'bytes') return `0x${body}`;
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i += 1) bytes[i] = parseInt(body.slice(i * 2, i * 2 + 2), 16);
      return utf8.decode(bytes);
    }
    case 'array': {
      const length = type.length ?? data.index(at);
      const start = type.length === undefined ? at + 32 : at;
      // Every item takes at least one word: refuse lengths the data cannot hold.
      if (start + length * 32 > data.size) throw new RangeError('ABI array longer than its data');
      return decodeTuple(
        Array.from({ length }, () => type.of),
        data,
        start,
      );
    }
    case 'tuple':
      return decodeTuple(type.of, data, at);
  }
}

function decodeTuple(types: readonly AbiType[], data: Reader, base: number): AbiValue[] {
  let at = base;
  return types.map((type) => {
    const value = isDynamic(type)
      ? decodeValue(type, data, base + data.index(at))
      : decodeValue(type, data, at);
    at += headSize(type);
    return value;
  });
}

/**
 * Decodes a result (or any parameter list) of `types` from hex with or without 0x: bigint for
 * integers, checksummed 0x addresses, lower-case 0x hex for bytes, arrays for arrays and tuples.
 * Throws on data too short for the types.
 */
export function decodeResult(types: readonly string[], hex: string): AbiValue[] {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^([0-9a-fA-F]{2})*$/.test(body)) throw new TypeError('ABI data is not hex');
  return decodeTuple(types.map(parseType), new Reader(body.toLowerCase()), 0);
}
