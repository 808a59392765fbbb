// What a client report may not keep: wallet addresses and transaction ids however they are
// written, characters that hide or reorder text. Pure: no database, no fastify.
import { cleanCause, cleanPage, plainText, scrub } from './report';
import { rateLimitKey } from '../routes/clientReport';

const EVM = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const TRON_TXID = 'c6b7ae1eb11bdf8b2cc5af6ec9b6b1bcd1bd7e2d7a3d6f0b3f2b8a0c1d2e3f40';

describe('scrub', () => {
  it.each([
    ['an EVM address', `approve by ${EVM} failed`, 'approve by <address> failed'],
    [
      'an EVM address written 0X',
      `by 0X976EA74026E726554DB657FA54763ABD0C3A0AA9 failed`,
      'by <address> failed',
    ],
    ['a TRON transaction id (64 hex, no 0x)', `tx ${TRON_TXID} expired`, 'tx <hash> expired'],
    ['an EVM transaction hash written 0X', `tx 0X${'AB'.repeat(32)} failed`, 'tx <hash> failed'],
    ['a TRON address in base58', `owner ${TRON}`, 'owner <address>'],
    ['a TRON address in hex', `owner ${TRON_HEX}`, 'owner <address>'],
    ['an address after %20', `swap%20by%20${EVM}`, 'swap by <address>'],
    ['an address after %2520 (encoded twice)', `swap%2520by%2520${EVM}`, 'swap by <address>'],
    [
      'an address percent-encoded whole',
      `by ${[...EVM].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
      'by <address>',
    ],
    ['an address after \\u0020', `swap\\u0020by\\u0020${EVM}`, 'swap by <address>'],
    ['an address after &#32; and &nbsp;', `swap&#32;by&nbsp;${EVM}`, 'swap by <address>'],
    [
      'an address split by a zero-width space',
      `by ${EVM.slice(0, 20)}\u200b${EVM.slice(20)}`,
      'by <address>',
    ],
    [
      'calldata carrying an address without a prefix',
      `data 0xa9059cbb000000000000000000000000${EVM.slice(2).toLowerCase()}`,
      'data <data>',
    ],
  ])('replaces %s', (_label, input, expected) => {
    expect(scrub(input)).toBe(expected);
  });

  it('leaves alone what names no user: versions, short hex, hashes inside longer words, hosts', () => {
    const text = 'sha384-AbC0x12 remoteEntry.2f9c1a.js v1.4.2 chain 0x38 https://bsc.node:8545/v1';
    expect(scrub(text)).toBe(text);
  });
});

describe('invisible characters', () => {
  it('are stripped before storing: bidirectional overrides and isolates, zero-width characters, BOM', () => {
    const cause = 'failed \u202eelpmaxe.live\u202c at \u2066x\u2069 \u200e\u200f\u200d\ufeffhere';
    expect(cleanCause(cause)).toBe('failed elpmaxe.live at x here');
    expect(cleanPage('/po\u202eols')).toBe('/pools');
  });

  it('are stripped when they come percent-encoded (UTF-8) too', () => {
    expect(plainText('a%E2%80%AEb')).toBe('ab');
    expect(cleanCause('remote %E2%80%AEswap%E2%80%AC failed')).toBe('remote swap failed');
  });
});

describe('rateLimitKey', () => {
  it('an IPv4 address is its own key, also written as IPv6', () => {
    expect(rateLimitKey('203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitKey('::ffff:203.0.113.77')).toBe('203.0.113.77');
  });

  it('every IPv6 address of one /64 shares a key, whichever way it is written', () => {
    const keys = [
      '2001:db8:85a3:12::1',
      '2001:db8:85a3:12:ffff:ffff:ffff:ffff',
      '2001:0db8:85a3:0012:0000:0000:0000:0abc',
      '2001:DB8:85A3:12:a:b:c:d',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:85a3:12::'),
    ].map(rateLimitKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:85a3:12::/64']));
  });

  it('another /64 is another key', () => {
    expect(rateLimitKey('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('something that is not an address is used as it is', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});
