/** Reference math of docs/taxes.md, written independently of the contracts, for the tests. */
export const net = (amount: bigint, tax: number): bigint => amount - (amount * BigInt(tax)) / 100n;

export function grossFor(y: bigint, tax: number): bigint {
  if (tax === 0) return y;
  let x = (y * 100n + BigInt(100 - tax) - 1n) / BigInt(100 - tax);
  while (x > 0n && net(x - 1n, tax) >= y) x -= 1n;
  return x;
}

/** Uniswap V2 getAmountOut. */
export const getAmountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);

/** Uniswap V2 getAmountIn. */
export const getAmountIn = (amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint =>
  (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;

export type Reserves = Array<[bigint, bigint]>; // per hop: [reserveIn, reserveOut]

export function amountsOutTaxed(amountIn: bigint, reserves: Reserves, taxes: number[]): bigint[] {
  const amounts = [amountIn];
  let input = net(amountIn, taxes[0]!);
  reserves.forEach(([rIn, rOut], i) => {
    input = net(getAmountOut(input, rIn, rOut), taxes[i + 1]!);
    amounts.push(input);
  });
  return amounts;
}

export function amountsInTaxed(amountOut: bigint, reserves: Reserves, taxes: number[]): bigint[] {
  const n = reserves.length + 1;
  const amounts = new Array<bigint>(n).fill(0n);
  amounts[n - 1] = amountOut;
  for (let i = n - 1; i > 0; i--) {
    const [rIn, rOut] = reserves[i - 1]!;
    amounts[i - 1] = getAmountIn(grossFor(amounts[i]!, taxes[i]!), rIn, rOut);
  }
  amounts[0] = grossFor(amounts[0]!, taxes[0]!);
  return amounts;
}
