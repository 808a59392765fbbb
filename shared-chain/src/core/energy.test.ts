import { checkTronFees, feeReserveTrx } from './energy';

const TRX = 1_000_000n;

describe('feeReserveTrx', () => {
  it.each([
    [249_999, 3, 65],
    [250_000, 3, 0],
    [0, 3, 65],
    [159_999, 2, 47],
    [160_000, 2, 0],
    [200_000, 3, 65],
    [200_000, 2, 0],
  ])('energy %i, path of %i tokens -> keep %i TRX', (energy, pathLength, reserve) => {
    expect(feeReserveTrx(energy, pathLength)).toBe(reserve);
  });
});

describe('checkTronFees', () => {
  const base = {
    energy: 0,
    pathLength: 2,
    trxBalance: 100n * TRX,
    sellingBase: false,
    sellAmount: 0n,
  };

  it('ok with enough energy, whatever the balance', () => {
    expect(
      checkTronFees({
        ...base,
        energy: 160_000,
        trxBalance: 0n,
        sellingBase: true,
        sellAmount: 5n,
      }),
    ).toEqual({
      ok: true,
      reserveTrx: 0,
    });
  });

  it('ok when the balance covers the reserve and nothing eats into it', () => {
    expect(checkTronFees(base)).toEqual({ ok: true, reserveTrx: 47 });
    expect(checkTronFees({ ...base, sellingBase: true, sellAmount: 53n * TRX })).toEqual({
      ok: true,
      reserveTrx: 47,
    });
  });

  it('variant 2 when the balance is below the reserve', () => {
    expect(checkTronFees({ ...base, pathLength: 3, trxBalance: 64n * TRX + 999_999n })).toEqual({
      ok: false,
      variant: 2,
      reserveTrx: 65,
      message: 'You should have free energy or at least 65 TRX for the fees.',
    });
  });

  it('variant 1 when selling TRX would leave less than the reserve', () => {
    expect(checkTronFees({ ...base, sellingBase: true, sellAmount: 53n * TRX + 1n })).toEqual({
      ok: false,
      variant: 1,
      reserveTrx: 47,
      message:
        "You don't have enough energy or TRX for the transaction. Try to leave at least 47 TRX for the fees.",
    });
  });

  it('selling another token does not touch the TRX reserve', () => {
    expect(checkTronFees({ ...base, sellAmount: 1_000n * TRX }).ok).toBe(true);
  });
});
