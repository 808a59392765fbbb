import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import type { ApiPair } from '@jmswap/shared-chain/history';
import { pairLinks, reserveOfPair } from './OtherPairs';

const { networks } = parseNetworksFile(production);
// The production file leaves BSC's contracts unset: WBNB's address, as a deployment writes it.
networks.BSC.tokens.BNB = {
  ...networks.BSC.tokens.BNB!,
  address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
};
const side = (address: string, symbol: string) => ({ address, symbol, name: symbol, decimals: 18 });
const pair = (a: ReturnType<typeof side>, b: ReturnType<typeof side>): ApiPair => ({
  address: '0x67913a0f4f407bdba24ebf89421a519b525a235f',
  listed: false,
  tokenA: a,
  tokenB: b,
  reserveA: '100',
  reserveB: '1000000',
});
const wbnb = side(networks.BSC.tokens.BNB!.address.toLowerCase(), 'BNB');
const six = side('0x95bd8d42f30351685e96c62eddc0d0613bf9a87a', 'SIX');
const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

test("an other pair's swap link sells the side the page knows and buys the new token", () => {
  for (const p of [pair(wbnb, six), pair(six, wbnb)]) {
    const link = pairLinks(networks.BSC, p);
    expect(link.symbol).toBe('SIX');
    expect(query(link.swap)).toEqual({ n: 'BSC', from: wbnb.address, to: six.address });
    expect(query(link.addLiquidity)).toEqual({
      n: 'BSC',
      t: 'addLiquidity',
      from: wbnb.address,
      to: six.address,
    });
  }
});

test('two tokens the page does not know: in the api’s order', () => {
  const other = side('0x2b15063a6f8a11d18404c801f295b1d19dcc8574', 'HONEY');
  const link = pairLinks(networks.BSC, pair(other, six));
  expect(query(link.swap)).toEqual({ n: 'BSC', from: other.address, to: six.address });
});

test('a reserve reads as the listed pools’ do: 6 decimals, truncated, grouped', () => {
  // A meme token's pool, as the api sends it.
  expect(reserveOfPair('990128419656029.387011495390952207', 18)).toBe(
    '990,128,419,656,029.387011',
  );
  expect(reserveOfPair('1.01', 18)).toBe('1.01');
  expect(reserveOfPair('0.0000009', 18)).toBe('0');
  expect(reserveOfPair('12.3456789', 6)).toBe('12.345678');
  expect(reserveOfPair('not a number', 18)).toBe('-');
});
