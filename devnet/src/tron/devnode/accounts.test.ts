// Accounts and their energy and bandwidth, against tronweb.
import { TronWeb } from 'tronweb';
import { at, KEYS } from '../test-support';
import { tokenB58, tw, addrOf, post, TRX, withTestDevnode } from './test-node';

withTestDevnode(18705, 18795);

describe('accounts', () => {
  test('balances, unknown accounts, bandwidth and resources', async () => {
    const t = tw();
    const me = addrOf(KEYS[0]!);
    expect(await t.trx.getBalance(me)).toBe(10_000 * TRX);
    expect(await t.trx.getUnconfirmedBalance(me)).toBe(10_000 * TRX);
    const fresh = TronWeb.address.fromPrivateKey('11'.repeat(32)) as string;
    expect(await t.trx.getBalance(fresh)).toBe(0);
    expect(await t.trx.getAccount(fresh)).toEqual({});
    expect(await t.trx.getBandwidth(me)).toBe(600);
    const res = await t.trx.getAccountResources(me);
    expect(res.freeNetLimit).toBe(600);
    expect(res.TotalEnergyLimit).toBeGreaterThan(0);
    expect(res.EnergyLimit).toBeUndefined(); // java-tron omits zero fields
    await post('/devnode/setresources', { address: me, energyLimit: 250_000, netLimit: 5000 });
    const res2 = await t.trx.getAccountResources(me);
    expect(res2.EnergyLimit).toBe(250_000);
    expect(res2.NetLimit).toBe(5000);
    expect(await t.trx.getBandwidth(me)).toBe(5600);
    const acc = await t.trx.getAccount(me);
    expect(acc.address).toBe(TronWeb.address.toHex(me));
    expect(acc.balance).toBe(10_000 * TRX);
    await post('/devnode/setresources', { address: me, energyLimit: 0, netLimit: 0 });
  });
});

describe('energy and bandwidth', () => {
  test('the same call burns no TRX with enough staked energy and burns TRX without', async () => {
    const t = tw(KEYS[3]!);
    const me = addrOf(KEYS[3]!);
    const c = await at(t, tokenB58);
    await post('/devnode/setresources', { address: me, energyLimit: 1_000_000, netLimit: 10_000 });
    const before = await t.trx.getBalance(me);
    const id1 = (await c.methods.work!(3).send({ feeLimit: 100_000_000 })) as string;
    const i1 = await t.trx.getTransactionInfo(id1);
    expect(i1.fee).toBeUndefined();
    expect(i1.receipt.energy_usage).toBe(i1.receipt.energy_usage_total);
    expect(await t.trx.getBalance(me)).toBe(before);
    const r1 = await t.trx.getAccountResources(me);
    // Usage starts recovering at the next 3-second slot, as on java-tron: on a busy machine a slot
    // boundary falls between the call and this read (67 200 read against a receipt of 67 202), so
    // the read may be up to two slots' recovery (1/28 800 of the usage each) below the receipt.
    expectJustUsed(r1.EnergyUsed, i1.receipt.energy_usage_total!);
    expectJustUsed(r1.NetUsed, i1.receipt.net_usage!);

    await post('/devnode/setresources', {
      address: me,
      energyLimit: 0,
      netLimit: 0,
      freeNetUsed: 600,
    });
    const id2 = (await c.methods.work!(3).send({ feeLimit: 100_000_000 })) as string;
    const i2 = await t.trx.getTransactionInfo(id2);
    expect(i2.receipt.energy_usage).toBeUndefined();
    expect(i2.receipt.energy_fee).toBe(i2.receipt.energy_usage_total! * 100);
    expect(i2.receipt.net_fee).toBeGreaterThan(200 * 1000);
    expect(i2.fee).toBe(i2.receipt.energy_fee! + i2.receipt.net_fee!);
    expect(await t.trx.getBalance(me)).toBe(before - i2.fee!);
  });
});

/** `read` is `used`, less at most two 3-second slots of recovery over the 24-hour window. */
function expectJustUsed(read: number | undefined, used: number): void {
  const twoSlots = Math.ceil((used * 2) / 28_800);
  expect(read).toBeLessThanOrEqual(used);
  expect(read).toBeGreaterThanOrEqual(used - twoSlots);
}
