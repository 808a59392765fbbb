/**
 * The small codec must agree with ethers (the oracle) on every value the readers can meet:
 * random types (nested arrays and tuples included) and random values, in both directions, plus
 * every function of the shipped contract ABIs.
 */
import fc from 'fast-check';
import { AbiCoder, Interface, getAddress as ethersGetAddress, id, type Result } from 'ethers';
import { decodeResult, encodeArgs, encodeCall, getAddress, selector, type AbiValue } from '.';
import {
  FACTORY_ABI,
  PAIR_ABI,
  ROUTER_ABI,
  SWAP_INFO_ABI,
  TOKEN_ABI,
  WRAPPED_BASE_ABI,
} from '../adapters/abis.generated';

const coder = AbiCoder.defaultAbiCoder();

const hex = (bytes: number) =>
  fc
    .uint8Array({ minLength: bytes, maxLength: bytes })
    .map((b) => `0x${Buffer.from(b).toString('hex')}`);
const bytesAny = fc.uint8Array({ maxLength: 70 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const address = hex(20).map((a) => ethersGetAddress(a));

/** Splits "a,(b,c),d[]" at its top-level commas (test-side, independent of the codec's). */
function splitTypes(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    current += c;
  }
  return current === '' && out.length === 0 ? [] : [...out, current];
}

/** Random values of a type given as a string. */
function valuesOf(type: string): fc.Arbitrary<AbiValue> {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const item = valuesOf(array[1] as string);
    const n = array[2] === '' ? undefined : Number(array[2]);
    return fc.array(item, n === undefined ? { maxLength: 4 } : { minLength: n, maxLength: n });
  }
  if (type.startsWith('(')) return fc.tuple(...splitTypes(type.slice(1, -1)).map(valuesOf));
  const int = /^(u?)int(\d+)$/.exec(type);
  if (int) {
    const bits = BigInt(int[2] as string);
    return int[1]
      ? fc.bigInt({ min: 0n, max: (1n << bits) - 1n })
      : fc.bigInt({ min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n });
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) return hex(Number(fixed[1]));
  if (type === 'address') return address;
  if (type === 'bool') return fc.boolean();
  if (type === 'bytes') return bytesAny;
  if (type === 'string') return fc.string({ unit: 'grapheme', maxLength: 40 });
  throw new Error(`no generator for ${type}`);
}

const leafType = fc.oneof(
  fc.integer({ min: 1, max: 32 }).map((n) => `uint${n * 8}`),
  fc.integer({ min: 1, max: 32 }).map((n) => `int${n * 8}`),
  fc.integer({ min: 1, max: 32 }).map((n) => `bytes${n}`),
  fc.constantFrom('address', 'bool', 'bytes', 'string'),
);

const typeString: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafType,
    tie('node').map((t) => `${t}[]`),
    fc.tuple(tie('node'), fc.integer({ min: 1, max: 3 })).map(([t, n]) => `${t}[${n}]`),
    fc.array(tie('node'), { minLength: 1, maxLength: 4 }).map((ts) => `(${ts.join(',')})`),
  ),
})).node;

/** A parameter list with values. */
const params = fc
  .array(typeString, { maxLength: 5 })
  .chain((types) =>
    fc.tuple(...types.map(valuesOf)).map((values) => ({ types, values: values as AbiValue[] })),
  );

/** ethers' Result (and nested Results) as plain arrays. */
function plain(value: unknown): unknown {
  return Array.isArray(value) ? Array.from(value as Result, plain) : value;
}

describe('ABI codec against ethers', () => {
  it('encodes every parameter list exactly as ethers', () => {
    fc.assert(
      fc.property(params, ({ types, values }) => {
        expect(encodeArgs(types, values)).toBe(coder.encode(types, values));
      }),
      { numRuns: 400 },
    );
  });

  it('decodes what ethers encodes to the values ethers decodes', () => {
    fc.assert(
      fc.property(params, ({ types, values }) => {
        const data = coder.encode(types, values);
        expect(decodeResult(types, data)).toEqual(plain(coder.decode(types, data)));
        expect(decodeResult(types, data.slice(2))).toEqual(plain(coder.decode(types, data)));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses data too short for the types, as ethers does', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        params.filter((p) => p.types.length > 0),
        fc.nat(),
        ({ types, values }, cut) => {
          const data = coder.encode(types, values);
          const bytes = (data.length - 2) / 2;
          fc.pre(bytes > 0);
          const short = data.slice(0, 2 + 2 * (cut % bytes));
          let ethersFailed = false;
          try {
            coder.decode(types, short);
          } catch {
            ethersFailed = true;
          }
          if (ethersFailed) {
            expect(() => decodeResult(types, short)).toThrow();
            refused += 1;
          }
        },
      ),
    );
    // Every cut leaves too little data for ethers too: each of the 100 runs checked a refusal.
    expect(refused).toBe(100);
  });

  it('checksums addresses as ethers, and refuses a bad checksum', () => {
    fc.assert(
      fc.property(hex(20), fc.boolean(), (raw, upper) => {
        const input = upper ? `0x${raw.slice(2).toUpperCase()}` : raw;
        expect(getAddress(input)).toBe(ethersGetAddress(input));
        expect(getAddress(input.slice(2))).toBe(ethersGetAddress(input));
      }),
    );
    // EIP-55's own example, with one letter's case flipped.
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const bad = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(getAddress(good.toLowerCase())).toBe(good);
    expect(() => ethersGetAddress(bad)).toThrow();
    expect(() => getAddress(bad)).toThrow('bad address checksum');
    expect(() => getAddress('0x1234')).toThrow('invalid address');
    // Remembered forms stay right past the cache's size (a decode reuses them).
    for (let i = 0; i < 2_100; i += 1) getAddress(i.toString(16).padStart(40, '0'));
    expect(getAddress(good.toLowerCase())).toBe(good);
    expect(() => getAddress(bad)).toThrow('bad address checksum');
  });

  it('refuses values that do not fit their type, where ethers does too', () => {
    for (const [type, value] of [
      ['uint8', 256n],
      ['uint256', -1n],
      ['int8', 128n],
      ['int8', -129n],
      ['bytes2', '0x123456'],
      ['address', '0x1234'],
      ['uint256[2]', [1n]],
    ] as const) {
      expect(() => coder.encode([type], [value])).toThrow();
      expect(() => encodeArgs([type], [value as AbiValue])).toThrow();
    }
  });
});

describe('every function of the shipped ABIs', () => {
  interface Param {
    type: string;
    components?: readonly Param[];
  }
  interface Fragment {
    type: string;
    name?: string;
    inputs?: readonly Param[];
    outputs?: readonly Param[];
  }
  const typeOf = (p: Param): string =>
    p.type.startsWith('tuple')
      ? `(${(p.components ?? []).map(typeOf).join(',')})${p.type.slice(5)}`
      : p.type;
  const abis = { FACTORY_ABI, PAIR_ABI, ROUTER_ABI, SWAP_INFO_ABI, TOKEN_ABI, WRAPPED_BASE_ABI };
  const functions = Object.entries(abis).flatMap(([abiName, abi]) =>
    (abi as readonly Fragment[])
      .filter((f) => f.type === 'function')
      .map((f) => ({
        abiName,
        abi: abi as readonly Fragment[],
        name: f.name as string,
        inputs: (f.inputs ?? []).map(typeOf),
        outputs: (f.outputs ?? []).map(typeOf),
      })),
  );

  it.each(functions.map((f) => [`${f.abiName} ${f.name}`, f] as const))(
    '%s: selector, call data and result as ethers',
    (_label, f) => {
      const signature = `${f.name}(${f.inputs.join(',')})`;
      const iface = new Interface(f.abi as never);
      const fragment = iface.getFunction(signature);
      expect(selector(signature)).toBe(fragment?.selector);
      expect(selector(signature)).toBe(id(signature).slice(0, 10));
      const listOf = (types: string[]) => fc.tuple(...types.map(valuesOf));
      fc.assert(
        fc.property(listOf(f.inputs), listOf(f.outputs), (args, outs) => {
          expect(encodeCall(signature, args as AbiValue[])).toBe(
            iface.encodeFunctionData(signature, args),
          );
          const result = iface.encodeFunctionResult(signature, outs);
          expect(decodeResult(f.outputs, result)).toEqual(
            plain(iface.decodeFunctionResult(signature, result)),
          );
        }),
        { numRuns: 20 },
      );
    },
  );

  it('writes uint as uint256 in selectors', () => {
    expect(selector('balanceOf(address)')).toBe('0x70a08231');
    expect(selector('getAmountsOutTaxed(uint, address[], bytes32[])')).toBe(
      selector('getAmountsOutTaxed(uint256,address[],bytes32[])'),
    );
  });
});
