// Blocks as TRON shows them (getnowblock, getblock*, node info, chain parameters), built from
// anvil blocks; transactions that did not come through the devnode are synthesised.
import { toTronHex } from '../address';
import { type Json, type EthBlock, type EthTx, TronApiError } from './types';
import {
  TRIGGER_TYPE_URL,
  TRANSFER_TYPE_URL,
  TX_EXPIRATION_MS,
  WITNESS,
  strip0x,
  toNum,
  big,
  blockIdOf,
} from './encoding';
import type { DevnodeState } from './state';

export async function tronBlock(node: DevnodeState, b: EthBlock, detail: boolean): Promise<Json> {
  const n = toNum(b.number);
  const parentId =
    n > 0
      ? blockIdOf({ number: `0x${(n - 1).toString(16)}`, hash: b.parentHash }, node.chainId)
      : strip0x(b.parentHash);
  const block: Json = {
    blockID: blockIdOf(b, node.chainId),
    block_header: {
      raw_data: {
        number: n,
        txTrieRoot: strip0x(b.transactionsRoot),
        witness_address: WITNESS,
        parentHash: parentId,
        version: 32,
        timestamp: toNum(b.timestamp) * 1000,
      },
      witness_signature: strip0x(b.hash) + strip0x(b.hash) + '00',
    },
  };
  if (detail && b.transactions.length) {
    const full = typeof b.transactions[0] === 'string' ? await node.blockByNumber(n, true) : b;
    const txs: Json[] = [];
    for (const t of (full?.transactions ?? []) as EthTx[]) {
      const tronId = node.ethToTron.get(t.hash.toLowerCase());
      const rec = tronId ? node.txs.get(tronId) : undefined;
      if (rec) txs.push({ ret: [{ contractRet: rec.contractRet }], ...rec.tx });
      else txs.push(await synthesizedTx(node, t, toNum(b.timestamp) * 1000));
    }
    block.transactions = txs;
  }
  return block;
}

/** A TRON-shaped view of an anvil transaction that did not come through the devnode (e.g. seeding). */
export async function synthesizedTx(node: DevnodeState, t: EthTx, ts: number): Promise<Json> {
  const r = await node.receipt(t.hash);
  const owner = toTronHex(t.from);
  let contract: Json;
  if (!t.to) {
    contract = {
      parameter: {
        value: { owner_address: owner, new_contract: { bytecode: strip0x(t.input) } },
        type_url: 'type.googleapis.com/protocol.CreateSmartContract',
      },
      type: 'CreateSmartContract',
    };
  } else if (t.input === '0x' || t.input === '') {
    contract = {
      parameter: {
        value: {
          amount: Number(big(t.value)),
          owner_address: owner,
          to_address: toTronHex(t.to),
        },
        type_url: TRANSFER_TYPE_URL,
      },
      type: 'TransferContract',
    };
  } else {
    const value: Json = {
      data: strip0x(t.input),
      owner_address: owner,
      contract_address: toTronHex(t.to),
    };
    if (big(t.value) > 0n) value.call_value = Number(big(t.value));
    contract = { parameter: { value, type_url: TRIGGER_TYPE_URL }, type: 'TriggerSmartContract' };
  }
  return {
    ret: [{ contractRet: r && r.status === '0x1' ? 'SUCCESS' : 'REVERT' }],
    signature: [],
    txID: strip0x(t.hash),
    raw_data: {
      contract: [contract],
      ref_block_bytes: '',
      ref_block_hash: '',
      expiration: ts + TX_EXPIRATION_MS,
      timestamp: ts,
    },
    raw_data_hex: '',
  };
}

export async function resolveBlock(node: DevnodeState, idOrNum: unknown): Promise<EthBlock | null> {
  if (idOrNum === undefined || idOrNum === null || idOrNum === '') return node.freshHead();
  const s = String(idOrNum);
  if (/^\d+$/.test(s)) return node.blockByNumber(Number(s));
  if (/^[0-9a-fA-F]{64}$/.test(s)) {
    const b = await node.blockByNumber(parseInt(s.slice(0, 16), 16));
    return b && blockIdOf(b, node.chainId) === s.toLowerCase() ? b : null;
  }
  throw new TronApiError('OTHER_ERROR', `invalid id_or_num: ${s}`);
}

export async function getNodeInfo(node: DevnodeState): Promise<Json> {
  const head = await node.latestBlock();
  const id = blockIdOf(head, node.chainId);
  const n = toNum(head.number);
  return {
    activeConnectCount: 0,
    beginSyncNum: n,
    block: `Num:${n},ID:${id}`,
    solidityBlock: `Num:${n},ID:${id}`,
    currentConnectCount: 0,
    passiveConnectCount: 0,
    totalFlow: 0,
    peerList: [],
    configNodeInfo: {
      codeVersion: '4.8.0',
      p2pVersion: '728126428',
      listenPort: node.port,
      discoverEnable: false,
      activeNodeSize: 0,
      passiveNodeSize: 0,
      sendNodeSize: 0,
      maxConnectCount: 30,
      sameIpMaxConnectCount: 2,
      backupListenPort: 0,
      backupMemberSize: 0,
      backupPriority: 0,
      dbVersion: 2,
      minParticipationRate: 0,
      supportConstant: true,
      minTimeRatio: 0,
      maxTimeRatio: 5,
      allowCreationOfContracts: 1,
      allowAdaptiveEnergy: 0,
    },
    machineInfo: {
      threadCount: 1,
      cpuCount: 1,
      processCpuLoad: 0,
      systemCpuLoad: 0,
      javaVersion: 'devnode (anvil)',
    },
    cheatWitnessInfoMap: {},
  };
}

export function getChainParameters(node: DevnodeState): Json {
  const p = node.params;
  const kv: [string, number | bigint][] = [
    ['getMaintenanceTimeInterval', 21_600_000],
    ['getAccountUpgradeCost', 9_999_000_000],
    ['getCreateAccountFee', p.createAccountFee],
    ['getTransactionFee', p.bandwidthPrice],
    ['getAssetIssueFee', 1_024_000_000],
    ['getWitnessPayPerBlock', 16_000_000],
    ['getWitnessStandbyAllowance', 115_200_000_000],
    ['getCreateNewAccountFeeInSystemContract', p.createNewAccountFeeInSystemContract],
    ['getCreateNewAccountBandwidthRate', 1],
    ['getAllowCreationOfContracts', 1],
    ['getRemoveThePowerOfTheGr', -1],
    ['getEnergyFee', p.energyPrice],
    ['getExchangeCreateFee', 1_024_000_000],
    ['getMaxCpuTimeOfOneTx', 80],
    ['getAllowUpdateAccountName', 0],
    ['getAllowSameTokenName', 1],
    ['getAllowDelegateResource', 1],
    ['getTotalEnergyLimit', p.totalEnergyLimit],
    ['getAllowTvmTransferTrc10', 1],
    ['getTotalEnergyCurrentLimit', p.totalEnergyLimit],
    ['getAllowMultiSign', 1],
    ['getAllowAdaptiveEnergy', 0],
    ['getUpdateAccountPermissionFee', 100_000_000],
    ['getMultiSignFee', 1_000_000],
    ['getAllowTvmConstantinople', 1],
    ['getAllowTvmSolidity059', 1],
    ['getAllowTvmIstanbul', 1],
    ['getAllowTvmLondon', 1],
    ['getAllowTvmShangHai', 1],
    ['getAllowTvmCancun', 1],
    ['getFreeNetLimit', p.freeNetLimit],
    ['getTotalNetLimit', p.totalNetLimit],
    ['getMaxFeeLimit', p.maxFeeLimit],
    ['getAllowDynamicEnergy', 0],
    ['getUnfreezeDelayDays', 14],
  ];
  return {
    chainParameter: kv.map(([key, value]) =>
      Number(value) === 0 ? { key } : { key, value: Number(value) },
    ),
  };
}
