// Contract calls, sends, events and simulation, against tronweb.
import { TronWeb, Trx } from 'tronweb';
import { at, KEYS } from '../test-support';
import { toBase58, toEvmAddress } from '../address';
import { tokenB58, tw, addrOf, post, hexToUtf8, withTestDevnode } from './test-node';

withTestDevnode(18706, 18796);

describe('contracts', () => {
  test('contract().at() loads the ABI; calls return bigint', async () => {
    const t = tw();
    const c = await at(t, tokenB58);
    expect(c.address).toBe(TronWeb.address.toHex(tokenB58));
    expect(await c.methods.symbol!().call()).toBe('TT');
    expect(await c.methods.balanceOf!(addrOf(KEYS[0]!)).call()).toBe(1_000_000_000_000n);
    expect(await c.methods.chainId!().call()).toBe(728126428n);
    const hexAt = await at(tw(), TronWeb.address.toHex(tokenB58));
    expect(await hexAt.methods.decimals!().call()).toBe(6n);
    await expect(
      tw()
        .contract()
        .at(toBase58('0x' + '12'.repeat(20))),
    ).rejects.toThrow();
  });

  test('approve via send(), then tx info, tx, ecRecover, events', async () => {
    const t = tw();
    const c = await at(t, tokenB58);
    const spender = addrOf(KEYS[1]!);
    const txid = (await c.methods.approve!(spender, 12345).send({
      feeLimit: 100_000_000,
    })) as string;
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await c.methods.allowance!(addrOf(KEYS[0]!), spender).call()).toBe(12345n);
    const info = await t.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.contract_address).toBe(TronWeb.address.toHex(tokenB58));
    expect(info.log?.[0]?.address).toBe(toEvmAddress(tokenB58).slice(2));
    expect(info.contractResult[0]).toBe('0'.repeat(63) + '1');
    const unconfirmed = await t.trx.getUnconfirmedTransactionInfo(txid);
    expect(unconfirmed.id).toBe(txid);
    const tx = await t.trx.getTransaction(txid);
    expect(tx.ret[0].contractRet).toBe('SUCCESS');
    expect(TronWeb.address.fromHex(Trx.ecRecover(tx as never) as string)).toBe(addrOf(KEYS[0]!));
    const events = await t.event.getEventsByTransactionID(txid);
    expect(events.success).toBe(true);
    const ev = events.data![0]!;
    expect(ev.event_name).toBe('Approval');
    expect(ev.contract_address).toBe(tokenB58);
    expect(ev.transaction_id).toBe(txid);
    expect(ev.result).toMatchObject({
      owner: toEvmAddress(addrOf(KEYS[0]!)),
      spender: toEvmAddress(spender),
      value: '12345',
    });
    expect(ev.event).toBe(
      'Approval(address indexed owner, address indexed spender, uint256 value)',
    );
    const byContract = await t.event.getEventsByContractAddress(tokenB58, {
      eventName: 'Approval',
      limit: 3,
    });
    expect(byContract.data!.some((e) => e.transaction_id === txid)).toBe(true);
    const byBlock = await t.event.getEventsByBlockNumber(info.blockNumber);
    expect(byBlock.data!.map((e) => e.transaction_id)).toContain(txid);
  });

  test('shouldPollResponse, keepTxID, rawResponse, write namespace, estimateEnergy', async () => {
    const t = tw();
    const c = await at(t, tokenB58);
    const spender = addrOf(KEYS[2]!);
    expect(
      await c.methods.approve!(spender, 7).send({
        feeLimit: 100_000_000,
        shouldPollResponse: true,
      }),
    ).toBe(true);
    const [id, ok] = (await c.methods.approve!(spender, 8).send({
      feeLimit: 100_000_000,
      shouldPollResponse: true,
      keepTxID: true,
    })) as [string, boolean];
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(ok).toBe(true);
    const raw = (await c.methods.approve!(spender, 9).send({
      feeLimit: 100_000_000,
      shouldPollResponse: true,
      rawResponse: true,
    })) as { receipt: { result: string } };
    expect(raw.receipt.result).toBe('SUCCESS');
    const wid = await c.write.approve!([spender, 10], { feeLimit: 100_000_000 });
    expect(String(wid)).toMatch(/^[0-9a-f]{64}$/);
    expect(await c.read.allowance!([addrOf(KEYS[0]!), spender])).toBe(10n);
    const est = await t.transactionBuilder.estimateEnergy(
      tokenB58,
      'approve(address,uint256)',
      {},
      [
        { type: 'address', value: spender },
        { type: 'uint256', value: 11 },
      ],
    );
    expect(est.energy_required).toBeGreaterThan(1000);
    const constant = await t.transactionBuilder.triggerConstantContract(
      tokenB58,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: spender }],
    );
    expect(constant.constant_result[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(constant.energy_used).toBeGreaterThan(0);
  });

  test('payable callValue is delivered in sun', async () => {
    const key = KEYS[3]!;
    const t = tw(key);
    const me = addrOf(key);
    const before = await t.trx.getBalance(me);
    const c = await at(t, tokenB58);
    const ret = await c.methods.deposit!().send({
      feeLimit: 100_000_000,
      callValue: 1_500_000,
      shouldPollResponse: true,
    });
    expect(ret).toBe(1_500_000n);
    const after = await t.trx.getBalance(me);
    expect(await c.methods.deposits!().call()).toBeGreaterThanOrEqual(1_500_000n);
    const list = await t.event.getEventsByContractAddress(tokenB58, {
      eventName: 'Deposit',
      limit: 1,
    });
    const info = await t.trx.getTransactionInfo(list.data![0]!.transaction_id);
    expect(before - after).toBe(1_500_000 + (info.fee ?? 0));
    expect(info.fee).toBe(info.receipt.energy_fee);
  });

  test('reverts: send throws REVERT opcode executed, info FAILED with the reason; constant call throws', async () => {
    const t = tw(KEYS[1]!);
    const c = await at(t, tokenB58);
    await expect(
      c.methods.transfer!(addrOf(KEYS[2]!), 5).send({
        feeLimit: 100_000_000,
        shouldPollResponse: true,
      }),
    ).rejects.toMatchObject({
      error: 'REVERT opcode executed',
    });
    const txid = (await c.methods.transfer!(addrOf(KEYS[2]!), 5).send({
      feeLimit: 100_000_000,
    })) as string;
    const info = await t.trx.getTransactionInfo(txid);
    expect(info.result).toBe('FAILED');
    expect(info.receipt.result).toBe('REVERT');
    expect(hexToUtf8(info.resMessage)).toBe('REVERT opcode executed');
    expect(info.contractResult[0]).toMatch(/^08c379a0/);
    expect((await t.trx.getTransaction(txid)).ret[0].contractRet).toBe('REVERT');
    await expect(
      t.transactionBuilder.triggerConstantContract(tokenB58, 'transfer(address,uint256)', {}, [
        { type: 'address', value: addrOf(KEYS[2]!) },
        { type: 'uint256', value: 5 },
      ]),
    ).rejects.toThrow('REVERT opcode executed');
    const raw = await post('/wallet/triggerconstantcontract', {
      owner_address: TronWeb.address.toHex(addrOf(KEYS[1]!)),
      contract_address: TronWeb.address.toHex(tokenB58),
      function_selector: 'transfer(address,uint256)',
      parameter: '00'.repeat(31) + '01' + '00'.repeat(31) + '05',
    });
    expect((raw.constant_result as string[])[0]).toMatch(/^08c379a0/);
  });

  test('out of energy: a fee_limit too small fails with OUT_OF_ENERGY and burns it', async () => {
    const key = KEYS[2]!;
    const t = tw(key);
    const c = await at(t, tokenB58);
    const before = await t.trx.getBalance(addrOf(key));
    const txid = (await c.methods.work!(50).send({ feeLimit: 1_000_000 })) as string;
    const info = await t.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe('OUT_OF_ENERGY');
    expect(info.result).toBe('FAILED');
    expect(info.receipt.energy_fee).toBe(1_000_000);
    expect(info.receipt.energy_usage_total).toBe(10_000);
    const after = await t.trx.getBalance(addrOf(key));
    expect(before - after).toBe(info.fee);
    // Waiting for the result, tronweb rejects with the node's reason for the failure.
    await expect(
      c.methods.work!(50).send({ feeLimit: 1_000_000, shouldPollResponse: true }),
    ).rejects.toMatchObject({
      error: expect.stringMatching(/^Not enough energy for 'CALL' operation executing/),
    });
  });
});

describe('simulation before a send', () => {
  test('triggerconstantcontract: energy_used of the call is what its broadcast is charged, and +20% of it as fee limit is enough', async () => {
    const t = tw(KEYS[4]!);
    const me = addrOf(KEYS[4]!);
    const c = await at(t, tokenB58);
    const sim = await t.transactionBuilder.triggerConstantContract(
      tokenB58,
      'work(uint256)',
      {},
      [{ type: 'uint256', value: 3 }],
      me,
    );
    expect(sim.result.result).toBe(true);
    expect(sim.constant_result?.[0]).not.toBe('');
    const energy = BigInt(sim.energy_used ?? 0);
    expect(energy).toBeGreaterThan(0n);
    const feeLimit = Number(((energy * 120n) / 100n) * 100n);
    const txid = (await c.methods.work!(3).send({ feeLimit })) as string;
    const info = await t.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe('SUCCESS');
    const used = BigInt(info.receipt.energy_usage_total ?? 0);
    // charged exactly what the simulation said (the gas it needs, no EVM refunds: TVM has none)
    expect(used).toBe(energy);
  });

  test('a reverting call: result.message is hex "REVERT opcode executed", the reason is Error(string) in constant_result, ret FAILED', async () => {
    const raw = await post('/wallet/triggerconstantcontract', {
      owner_address: TronWeb.address.toHex(addrOf(KEYS[4]!)),
      contract_address: TronWeb.address.toHex(tokenB58),
      function_selector: 'transfer(address,uint256)',
      parameter: '00'.repeat(31) + '01' + (10n ** 30n).toString(16).padStart(64, '0'),
    });
    const result = raw.result as { result?: boolean; message?: string };
    expect(hexToUtf8(result.message)).toBe('REVERT opcode executed');
    const out = (raw.constant_result as string[])[0]!;
    expect(out).toMatch(/^08c379a0/);
    const len = parseInt(out.slice(8 + 64, 8 + 128), 16);
    expect(len).toBeGreaterThan(0);
    expect(Buffer.from(out.slice(8 + 128, 8 + 128 + len * 2), 'hex').toString('utf8')).toMatch(
      /\S/,
    );
    const tx = raw.transaction as { ret: { ret?: string }[] };
    expect(tx.ret[0]!.ret).toBe('FAILED');
  });
});
