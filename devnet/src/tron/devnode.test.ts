/**
 * Devnode protocol tests: the unmodified tronweb package against the devnode over a fresh anvil,
 * with a small ERC20 compiled by solc.
 */
import { SigningKey } from 'ethers';
import { TronWeb, Trx } from 'tronweb';
import { startDevnode, type RunningDevnode } from './index';
import { at, deployTestToken, KEYS } from './test-support';
import { finalizeTx, type TronTx } from './devnode';
import { toBase58, toEvmAddress } from './address';

jest.setTimeout(60_000);

const ANVIL_PORT = 18701;
const NODE_PORT = 18791;
const TRX = 1_000_000;

let node: RunningDevnode;
let url: string;
let token: { address: string; abi: unknown[] };
let tokenB58: string;
const tw = (key = KEYS[0]!) => new TronWeb({ fullHost: url, privateKey: key });
const addrOf = (key: string) => TronWeb.address.fromPrivateKey(key) as string;

async function post(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}
const hexToUtf8 = (h: unknown) => Buffer.from(String(h), 'hex').toString('utf8');

beforeAll(async () => {
  node = await startDevnode({ anvilPort: ANVIL_PORT, port: NODE_PORT });
  url = node.url;
  for (const k of KEYS) await node.devnode.setBalance(addrOf(k), 10_000n * 1_000_000n);
  token = await deployTestToken(node.rpcUrl, '0x' + KEYS[0], 1_000_000_000_000n);
  tokenB58 = toBase58(token.address);
  await post('/devnode/register', { address: tokenB58, abi: token.abi, name: 'TestToken' });
});

afterAll(async () => {
  await node?.stop();
});

describe('node basics', () => {
  test('isConnected, blocks, node info, chain parameters', async () => {
    const t = tw();
    const c = await t.isConnected();
    expect(c.fullNode && c.solidityNode && c.eventServer).toBe(true);
    const block = await t.trx.getCurrentBlock();
    expect(block.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect(parseInt(block.blockID.slice(0, 16), 16)).toBe(block.block_header.raw_data.number);
    const params = await t.trx.getChainParameters();
    expect(params.find((p) => p.key === 'getEnergyFee')?.value).toBe(100);
    const info = await t.trx.getNodeInfo();
    expect(String((info as { block: string }).block)).toMatch(/^Num:\d+,ID:/);
    const b = await t.trx.getBlock(block.block_header.raw_data.number);
    expect(b.blockID).toBe(block.blockID);
  });

  test('CORS preflight, GET query params, empty-body POST', async () => {
    const pre = await fetch(url + '/wallet/triggersmartcontract', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    const got = (await (
      await fetch(`${url}/wallet/getcontract?value=${TronWeb.address.toHex(tokenB58)}`)
    ).json()) as Record<string, unknown>;
    expect(got.contract_address).toBe(TronWeb.address.toHex(tokenB58));
    const empty = await fetch(url + '/wallet/getchainparameters', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(
      ((await empty.json()) as { chainParameter: unknown[] }).chainParameter.length,
    ).toBeGreaterThan(5);
    expect((await fetch(url + '/healthcheck')).status).toBe(200);
  });
});

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
    await expect(
      c.methods.work!(50).send({ feeLimit: 1_000_000, shouldPollResponse: true }),
    ).rejects.toBeDefined();
  });
});

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
    await expect(tw(KEYS[1]!).trx.sign(tx as never)).rejects.toBeDefined();
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
    expect(r1.EnergyUsed).toBe(i1.receipt.energy_usage_total);
    expect(r1.NetUsed).toBe(i1.receipt.net_usage);

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

describe('simulation before a send (issue #23)', () => {
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
