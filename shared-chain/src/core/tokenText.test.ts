import type { TokenConfig } from '../config/types';
import { tokenText } from './tokenText';

const token = (symbol: string, address: string, extra: Partial<TokenConfig> = {}): TokenConfig => ({
  symbol,
  name: symbol,
  address,
  decimals: 18,
  logoURI: '',
  tax: 0,
  ...extra,
});
const SIX = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
const FAKE = '0x2B15063A6F8a11d18404C801F295b1d19dCC8574';
const tokens = {
  BNB: token('BNB', `0x${'11'.repeat(20)}`, { isBase: true }),
  USDT: token('USDT', `0x${'22'.repeat(20)}`),
  [SIX]: token('SIX', SIX, { origin: 'imported' }),
  [FAKE]: token('USDT', FAKE, { origin: 'imported' }),
};

test('a sentence names an imported token by its symbol, not by the address it is keyed by', () => {
  expect(tokenText(tokens, 'BNB')).toBe('BNB');
  expect(tokenText(tokens, SIX)).toBe('SIX');
});

test('a token calling itself like a listed one is named with its short address', () => {
  expect(tokenText(tokens, FAKE)).toBe('USDT (0x2B15…8574)');
  expect(tokenText(tokens, 'USDT')).toBe('USDT');
});

test('a key no token has is shown as is, an address shortened', () => {
  expect(tokenText(tokens, 'LP')).toBe('LP');
  expect(tokenText(tokens, `0x${'33'.repeat(20)}`)).toBe('0x3333…3333');
});
