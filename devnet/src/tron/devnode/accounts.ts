// Accounts and their resources (getaccount, getaccountnet, getaccountresource).
import { toBase58, toEvmAddress, toTronHex } from '../address';
import { type Json } from './types';
import type { DevnodeState } from './state';

export async function getAccount(node: DevnodeState, p: Json): Promise<Json> {
  if (!p.address) return {};
  const visible = p.visible === true || p.visible === 'true';
  const evm = toEvmAddress(String(p.address));
  const st = await node.exists(evm);
  if (!st.exists) return {};
  const now = node.nowMs();
  const r = node.resources.view(evm, now);
  const raw = node.resources.get(evm);
  const addr = visible ? toBase58(evm) : toTronHex(evm);
  const acc: Json = { address: addr, balance: Number(st.balance) };
  if (st.code !== '0x') acc.type = 'Contract';
  acc.create_time = node.clock.tsMs || now;
  if (r.freeNetUsed > 0n) {
    acc.free_net_usage = Number(r.freeNetUsed);
    acc.latest_consume_free_time = raw.freeNetTime;
  }
  if (r.netUsed > 0n) {
    acc.net_usage = Number(r.netUsed);
    acc.latest_consume_time = raw.netTime;
  }
  acc.net_window_size = 28800;
  acc.net_window_optimized = true;
  const resource: Json = { energy_window_size: 28800, energy_window_optimized: true };
  if (r.energyUsed > 0n) {
    resource.energy_usage = Number(r.energyUsed);
    resource.latest_consume_time_for_energy = raw.energyTime;
  }
  acc.account_resource = resource;
  const keys = [{ address: addr, weight: 1 }];
  acc.owner_permission = { permission_name: 'owner', threshold: 1, keys };
  acc.active_permission = [
    {
      type: 'Active',
      id: 2,
      permission_name: 'active',
      threshold: 1,
      operations: '7fff1fc0033ec30f000000000000000000000000000000000000000000000000',
      keys,
    },
  ];
  const frozen: Json[] = [];
  const netStake = node.resources.stakeForNet(r.netLimit);
  frozen.push(netStake > 0n ? { amount: Number(netStake) } : {});
  const energyStake = node.resources.stakeForEnergy(r.energyLimit);
  frozen.push(
    energyStake > 0n ? { type: 'ENERGY', amount: Number(energyStake) } : { type: 'ENERGY' },
  );
  frozen.push({ type: 'TRON_POWER' });
  acc.frozenV2 = frozen;
  return acc;
}

export function accountNet(node: DevnodeState, evm: string): Json {
  const r = node.resources.view(evm, node.nowMs());
  const p = node.params;
  const out: Json = {};
  if (r.freeNetUsed > 0n) out.freeNetUsed = Number(r.freeNetUsed);
  out.freeNetLimit = Number(r.freeNetLimit);
  if (r.netUsed > 0n) out.NetUsed = Number(r.netUsed);
  if (r.netLimit > 0n) out.NetLimit = Number(r.netLimit);
  out.TotalNetLimit = Number(p.totalNetLimit);
  out.TotalNetWeight = Number(p.totalNetWeight);
  return out;
}

export async function getAccountNet(node: DevnodeState, p: Json): Promise<Json> {
  if (!p.address) return {};
  return accountNet(node, toEvmAddress(String(p.address)));
}

export async function getAccountResource(node: DevnodeState, p: Json): Promise<Json> {
  if (!p.address) return {};
  const evm = toEvmAddress(String(p.address));
  const out = accountNet(node, evm);
  const r = node.resources.view(evm, node.nowMs());
  const pr = node.params;
  const power =
    (node.resources.stakeForEnergy(r.energyLimit) + node.resources.stakeForNet(r.netLimit)) /
    1_000_000n;
  if (power > 0n) out.tronPowerLimit = Number(power);
  if (r.energyUsed > 0n) out.EnergyUsed = Number(r.energyUsed);
  if (r.energyLimit > 0n) out.EnergyLimit = Number(r.energyLimit);
  out.TotalEnergyLimit = Number(pr.totalEnergyLimit);
  out.TotalEnergyWeight = Number(pr.totalEnergyWeight);
  return out;
}
