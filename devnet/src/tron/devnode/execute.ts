// Executing a checked transaction on anvil as its signer, with TRON's bandwidth and energy
// charged (resources.ts) and the transaction info java-tron would answer.
import { toTronHex } from '../address';
import {
  type Json,
  type TronTx,
  type CallTrace,
  type TxRecord,
  TronApiError,
  validateErr,
  addressField,
} from './types';
import { utf8Hex, strip0x, toNum, big, hexQ, intrinsicGas, transactionSize } from './encoding';
import type { DevnodeState } from './state';
import { gasNeeded } from './contracts';
import { tronLog } from './transactions';

export async function executeTrigger(
  node: DevnodeState,
  tx: TronTx,
  owner: string,
  value: Json,
): Promise<TxRecord> {
  const now = node.nowMs();
  const p = node.params;
  const to = addressField(value.contract_address, 'Invalid contract address');
  const data = strip0x(String(value.data ?? ''));
  const callValue = big(value.call_value);
  const feeLimit = big(tx.raw_data.fee_limit);
  if (big(value.call_token_value) > 0n || big(value.token_id) > 0n)
    throw validateErr('TRC10 tokens are not supported by the devnode');
  if (feeLimit < 0n || feeLimit > p.maxFeeLimit)
    throw validateErr(`feeLimit must be >= 0 and <= ${p.maxFeeLimit}`);
  const [ownerSt, code] = await Promise.all([
    node.exists(owner),
    node.rpc.call<string>('eth_getCode', [to, 'latest']),
  ]);
  if (!ownerSt.exists) throw validateErr('Validate TriggerSmartContract error, no OwnerAccount.');
  if (code === '0x') throw validateErr('No contract or not a smart contract');
  if (callValue > ownerSt.balance)
    throw validateErr(`Validate InternalTransfer error, balance is not sufficient.`);
  // bandwidth, charged before execution
  const bytes = transactionSize(tx);
  const bw = node.resources.planBandwidth(owner, bytes, now);
  if (bw.netFee > ownerSt.balance - callValue) {
    throw new TronApiError('BANDWITH_ERROR', 'Account resource insufficient error.');
  }
  // energy limit: staked energy left + what the remaining balance buys, capped by fee_limit
  const view = node.resources.view(owner, now);
  const spendable = ownerSt.balance - bw.netFee - callValue;
  const fromBalance = spendable > 0n ? spendable / p.energyPrice : 0n;
  const byFeeLimit = feeLimit / p.energyPrice;
  let energyLimit = view.energyLeft + fromBalance;
  if (byFeeLimit < energyLimit) energyLimit = byFeeLimit;
  const intrinsic = intrinsicGas(data);
  if (energyLimit + intrinsic > node.blockGasLimit) energyLimit = node.blockGasLimit - intrinsic;
  const gas = energyLimit + intrinsic;
  // The energy a call is charged is what triggerconstantcontract reports for it (energy_used:
  // the gas it needs, before the EVM's refunds, minus intrinsic gas): the TVM refunds nothing,
  // and a fee limit set from the simulation must cover the charge.
  const needed = await gasNeeded(node, {
    from: owner,
    to,
    data: '0x' + data,
    ...(callValue > 0n ? { value: hexQ(callValue) } : {}),
  });

  if (bw.netFee > 0n)
    await node.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance - bw.netFee)]);
  let ethHash: string;
  try {
    ethHash = await node.rpc.call<string>('eth_sendTransaction', [
      {
        from: owner,
        to,
        data: '0x' + data,
        value: hexQ(callValue),
        gas: hexQ(gas),
        gasPrice: '0x0',
      },
    ]);
  } catch (e) {
    if (bw.netFee > 0n) await node.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance)]);
    throw validateErr(e instanceof Error ? e.message : String(e));
  }
  const r = await node.waitReceipt(ethHash);
  node.resources.commitBandwidth(owner, bw, now);
  let trace: CallTrace = {};
  try {
    trace = await node.rpc.call<CallTrace>('debug_traceTransaction', [
      ethHash,
      { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } },
    ]);
  } catch {
    trace = {};
  }
  const gasUsed = big(r.gasUsed);
  let contractRet = 'SUCCESS';
  let resMessage: string | undefined;
  const charged = r.status === '0x1' && needed !== undefined && needed > gasUsed ? needed : gasUsed;
  let energyUsed = charged > intrinsic ? charged - intrinsic : 0n;
  if (energyUsed > energyLimit) energyUsed = energyLimit;
  if (r.status !== '0x1') {
    const err = (trace.error ?? '').toLowerCase();
    if (err.includes('out of gas') || err.includes('outofgas') || (!err && gasUsed >= gas)) {
      contractRet = 'OUT_OF_ENERGY';
      energyUsed = energyLimit;
      resMessage = `Not enough energy for 'CALL' operation executing: curInvokeEnergyLimit[${energyLimit}], usedEnergy[${energyLimit}]`;
    } else if (err.includes('revert') || err === '') {
      contractRet = 'REVERT';
      resMessage = 'REVERT opcode executed';
    } else if (
      err.includes('invalid opcode') ||
      err.includes('invalidfeopcode') ||
      err.includes('opcode')
    ) {
      contractRet = 'ILLEGAL_OPERATION';
      resMessage = trace.error;
    } else if (err.includes('jump')) {
      contractRet = 'BAD_JUMP_DESTINATION';
      resMessage = trace.error;
    } else if (err.includes('stack')) {
      contractRet = err.includes('overflow') ? 'STACK_OVERFLOW' : 'STACK_TOO_SMALL';
      resMessage = trace.error;
    } else {
      contractRet = 'UNKNOWN';
      resMessage = trace.error;
    }
  }
  const energy = node.resources.commitEnergy(owner, energyUsed, now);
  if (energy.energyFee > 0n) {
    const bal = await node.balanceOf(owner);
    await node.rpc.call('anvil_setBalance', [
      owner,
      hexQ(bal > energy.energyFee ? bal - energy.energyFee : 0n),
    ]);
  }
  const blockNumber = toNum(r.blockNumber);
  const blockTimeStamp = await node.blockTimestamp(blockNumber);
  const fee = energy.energyFee + bw.netFee;
  const receipt: Json = {};
  if (energy.fromStake > 0n) receipt.energy_usage = Number(energy.fromStake);
  if (energy.energyFee > 0n) receipt.energy_fee = Number(energy.energyFee);
  if (energyUsed > 0n) receipt.energy_usage_total = Number(energyUsed);
  if (bw.netUsage > 0n) receipt.net_usage = Number(bw.netUsage);
  if (bw.netFee > 0n) receipt.net_fee = Number(bw.netFee);
  receipt.result = contractRet;
  const info: Json = { id: tx.txID };
  if (fee > 0n) info.fee = Number(fee);
  info.blockNumber = blockNumber;
  info.blockTimeStamp = blockTimeStamp;
  info.contractResult = [strip0x(trace.output ?? '')];
  info.contract_address = toTronHex(to);
  info.receipt = receipt;
  if (r.logs.length) info.log = r.logs.map((l) => tronLog(l));
  if (resMessage !== undefined) {
    info.result = 'FAILED';
    info.resMessage = utf8Hex(resMessage);
  }
  return node.store(tx, ethHash, blockNumber, blockTimeStamp, contractRet, info);
}

export async function executeTransfer(
  node: DevnodeState,
  tx: TronTx,
  owner: string,
  value: Json,
): Promise<TxRecord> {
  const now = node.nowMs();
  const p = node.params;
  const to = addressField(value.to_address, 'Invalid toAddress!');
  const amount = big(value.amount);
  if (amount <= 0n) throw validateErr('Amount must be greater than 0.');
  if (to === owner) throw validateErr('Cannot transfer TRX to yourself.');
  const [ownerSt, toSt] = await Promise.all([node.exists(owner), node.exists(to)]);
  if (!ownerSt.exists) throw validateErr('Validate TransferContract error, no OwnerAccount.');
  if (toSt.code !== '0x') throw validateErr('Cannot transfer TRX to a smartContract.');
  const bytes = transactionSize(tx);
  let bw = node.resources.planBandwidth(owner, bytes, now);
  let createFee = 0n;
  if (!toSt.exists) {
    // creating the recipient: staked bandwidth or a burned create-account fee, plus the system-contract fee
    const v = node.resources.view(owner, now);
    bw =
      v.netLeft >= bytes
        ? { netUsage: bytes, netFee: 0n, source: 'staked' }
        : { netUsage: 0n, netFee: p.createAccountFee, source: 'burn' };
    createFee = p.createNewAccountFeeInSystemContract;
  }
  if (bw.netFee > ownerSt.balance)
    throw new TronApiError('BANDWITH_ERROR', 'Account resource insufficient error.');
  const fee = bw.netFee + createFee;
  if (ownerSt.balance < amount + fee)
    throw validateErr('Validate TransferContract error, balance is not sufficient.');
  await node.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance - fee)]);
  let ethHash: string;
  try {
    ethHash = await node.rpc.call<string>('eth_sendTransaction', [
      { from: owner, to, value: hexQ(amount), gas: hexQ(21000n), gasPrice: '0x0' },
    ]);
  } catch (e) {
    await node.rpc.call('anvil_setBalance', [owner, hexQ(ownerSt.balance)]);
    throw validateErr(e instanceof Error ? e.message : String(e));
  }
  const r = await node.waitReceipt(ethHash);
  node.resources.commitBandwidth(owner, bw, now);
  node.resources.get(to);
  const blockNumber = toNum(r.blockNumber);
  const blockTimeStamp = await node.blockTimestamp(blockNumber);
  const receipt: Json = {};
  if (bw.netUsage > 0n) receipt.net_usage = Number(bw.netUsage);
  if (bw.netFee > 0n) receipt.net_fee = Number(bw.netFee);
  const info: Json = { id: tx.txID };
  if (fee > 0n) info.fee = Number(fee);
  info.blockNumber = blockNumber;
  info.blockTimeStamp = blockTimeStamp;
  info.contractResult = [''];
  info.receipt = receipt;
  return node.store(tx, ethHash, blockNumber, blockTimeStamp, 'SUCCESS', info);
}
