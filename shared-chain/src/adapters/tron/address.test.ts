import fc from 'fast-check';
import { TronWeb } from 'tronweb';
import { toBase58, toTronHex } from './address';

const hex20 = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => Buffer.from(b).toString('hex'));

it('encodes any address as tronweb does, from 41-hex or 0x, any case, first time or again', () => {
  fc.assert(
    fc.property(hex20, fc.boolean(), (hex, upper) => {
      const expected = TronWeb.address.fromHex(`41${hex}`);
      const h = upper ? hex.toUpperCase() : hex;
      expect(toBase58(`41${h}`)).toBe(expected);
      expect(toBase58(`0x${h}`)).toBe(expected);
      expect(toBase58(`41${hex}`)).toBe(expected);
      expect(toTronHex(expected)).toBe(`41${hex}`);
    }),
    { numRuns: 300 },
  );
});

it('keeps giving right answers past its cache size', () => {
  const many = Array.from({ length: 2_500 }, (_, i) => i.toString(16).padStart(40, '0'));
  for (const hex of many) expect(toTronHex(toBase58(`41${hex}`))).toBe(`41${hex}`);
  expect(toBase58(`41${many[0]}`)).toBe(TronWeb.address.fromHex(`41${many[0]}`));
});

it('leaves what is not a hex address as it is', () => {
  expect(toBase58('TXYZ')).toBe('TXYZ');
  expect(toBase58('41abc')).toBe('41abc');
});
