// TRX transfers and broadcast's checks, against tronweb.
import { SigningKey } from 'ethers';
import { TronWeb } from 'tronweb';
import { KEYS } from '../test-support';
import { finalizeTx, type TronTx } from '../devnode';
import { tokenB58, tw, addrOf, post, hexToUtf8, TRX, withTestDevnode } from './test-node';

withTestDevnode(18707, 18797);

describe('TRX transfers', () => {
  test('sendTrx moves TRX; creating an account costs 1.1 TRX', async () => {
    const t = tw(KEYS[4]!);
    const me = addrOf(KEYS[4]!);
    const to = TronWeb.address.fromPrivateKey('22'.repeat(32)) as string;
    const before = await t.trx.getBalance(me);
    const r = await t.trx.sendTrx(to, 2 * TRX);
    expect(r.result).toBe(true);
    expect(await t.trx.getBalance(to)).toBe(2 * TRX);
    expect(before - (await t.trx.getBalance(me))).toBe(2 * TRX + 1_100_000);
    const info = await t.trx.getTransactionInfo(r.transaction.txID);
    expect(info.fee).toBe(1_100_000);
    // second transfer: the account exists, free bandwidth pays
    const r2 = await t.trx.sendTrx(to, TRX);
    const info2 = await t.trx.getTransactionInfo(r2.transaction.txID);
    expect(info2.fee).toBeUndefined();
    expect(info2.receipt.net_usage).toBeGreaterThan(200);
    const bw = await t.trx.getBandwidth(me);
    expect(bw).toBeLessThanOrEqual(600 - info2.receipt.net_usage! + 2); // usage recovers over 24 h
    expect(bw).toBeGreaterThanOrEqual(600 - info2.receipt.net_usage!);
    // to a contract: rejected as on java-tron
    const bad = await t.trx.sendTrx(tokenB58, TRX);
    expect(bad.code).toBe('CONTRACT_VALIDATE_ERROR');
  });
});

describe('broadcast checks', () => {
  async function unsigned(key: string, amount = 3): Promise<TronTx> {
    const t = tw(key);
    const { transaction } = await t.transactionBuilder.triggerSmartContract(
      tokenB58,
      'approve(address,uint256)',
      { feeLimit: 100_000_000 },
      [
        { type: 'address', value: addrOf(KEYS[1]!) },
        { type: 'uint256', value: amount },
      ],
    );
    return transaction as unknown as TronTx;
  }

  test('forged signature -> SIGERROR', async () => {
    const tx = await unsigned(KEYS[0]!);
    // signed by key #1 while owner_address is key #0's
    const s = new SigningKey('0x' + KEYS[1]!).sign('0x' + tx.txID);
    const sig = s.r.slice(2) + s.s.slice(2) + (s.v === 27 ? '1B' : '1C');
    const res = await post('/wallet/broadcasttransaction', { ...tx, signature: [sig] });
    expect(res.code).toBe('SIGERROR');
    // tronweb itself refuses to sign a tx for another owner
    await expect(tw(KEYS[1]!).trx.sign(tx as never)).rejects.toThrow(
      'Private key does not match address in transaction',
    );
  });

  test('tampered raw_data -> SIGERROR', async () => {
    const tx = await unsigned(KEYS[0]!);
    const signed = (await tw().trx.sign(tx as never)) as unknown as TronTx;
    const tampered = structuredClone(signed);
    tampered.raw_data.fee_limit = 999_000_000;
    const res = await post('/wallet/broadcasttransaction', tampered);
    expect(res.code).toBe('SIGERROR');
    // even with a recomputed txID and raw_data_hex, the signature no longer matches
    const rehashed = finalizeTx({ ...tampered });
    const res2 = await post('/wallet/broadcasttransaction', rehashed);
    expect(res2.code).toBe('SIGERROR');
    expect(hexToUtf8(res2.message)).toMatch(/signature/i);
  });

  test('expired -> TRANSACTION_EXPIRATION_ERROR; bad ref block -> TAPOS_ERROR', async () => {
    const tx = await unsigned(KEYS[0]!, 4);
    const expired = finalizeTx({
      visible: false,
      raw_data: { ...tx.raw_data, expiration: tx.raw_data.timestamp! - 1000 },
    });
    const sExpired = await tw().trx.sign(expired as never);
    const res = await tw().trx.sendRawTransaction(sExpired);
    expect(res.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    const badRef = finalizeTx({
      visible: false,
      raw_data: { ...tx.raw_data, ref_block_hash: '00'.repeat(8) },
    });
    const sBad = await tw().trx.sign(badRef as never);
    const res2 = await tw().trx.sendRawTransaction(sBad);
    expect(res2.code).toBe('TAPOS_ERROR');
    expect(hexToUtf8(res2.message)).toMatch(/Tapos/);
  });

  test('re-broadcast -> DUP_TRANSACTION_ERROR', async () => {
    const tx = await unsigned(KEYS[0]!, 5);
    const signed = await tw().trx.sign(tx as never);
    const first = await tw().trx.sendRawTransaction(signed);
    expect(first.result).toBe(true);
    const again = await tw().trx.sendRawTransaction(signed);
    expect(again.code).toBe('DUP_TRANSACTION_ERROR');
  });
});
