/**
 * TRON resource model: staked energy and bandwidth per account, the daily free bandwidth,
 * usage that recovers linearly over a 24 h window, and TRX burned when resources run out.
 * Numbers follow TRON mainnet's chain parameters (see README.md).
 */

export interface ResourceParams {
  /** Sun burned per unit of energy not covered by staked energy (chain parameter getEnergyFee). */
  energyPrice: bigint;
  /** Sun burned per byte of bandwidth not covered (getTransactionFee). */
  bandwidthPrice: bigint;
  /** Free bandwidth per activated account per day (getFreeNetLimit). */
  freeNetLimit: bigint;
  /** Bandwidth burned as TRX when a TransferContract creates the recipient account (getCreateAccountFee). */
  createAccountFee: bigint;
  /** Extra TRX charged by TransferContract for a new account (getCreateNewAccountFeeInSystemContract). */
  createNewAccountFeeInSystemContract: bigint;
  /** Max fee_limit (getMaxFeeLimit). */
  maxFeeLimit: bigint;
  /** Energy and bandwidth usage recover linearly over this window (ms). */
  windowMs: number;
  totalEnergyLimit: bigint;
  totalEnergyWeight: bigint;
  totalNetLimit: bigint;
  totalNetWeight: bigint;
}

export const DEFAULT_RESOURCE_PARAMS: ResourceParams = {
  energyPrice: 100n,
  bandwidthPrice: 1000n,
  freeNetLimit: 600n,
  createAccountFee: 100_000n,
  createNewAccountFeeInSystemContract: 1_000_000n,
  maxFeeLimit: 15_000_000_000n,
  windowMs: 24 * 3600 * 1000,
  // 1 staked TRX ~ 10 energy and ~ 1 bandwidth (TRON mainnet is in that range).
  totalEnergyLimit: 180_000_000_000n,
  totalEnergyWeight: 18_000_000_000n,
  totalNetLimit: 43_200_000_000n,
  totalNetWeight: 43_200_000_000n,
};

export interface AccountResources {
  /** Energy from staked TRX (settable through /devnode/setresources). */
  energyLimit: bigint;
  energyUsed: bigint;
  energyTime: number;
  /** Bandwidth from staked TRX. */
  netLimit: bigint;
  netUsed: bigint;
  netTime: number;
  freeNetUsed: bigint;
  freeNetTime: number;
}

export function emptyResources(): AccountResources {
  return {
    energyLimit: 0n,
    energyUsed: 0n,
    energyTime: 0,
    netLimit: 0n,
    netUsed: 0n,
    netTime: 0,
    freeNetUsed: 0n,
    freeNetTime: 0,
  };
}

/** java-tron counts resource windows in 3-second block slots. */
export const SLOT_MS = 3000;

/** Usage recovered linearly over the window, in whole slots: usage * (window - elapsed) / window. */
export function recovered(usage: bigint, since: number, now: number, windowMs: number): bigint {
  if (usage <= 0n) return 0n;
  const elapsed = Math.max(0, Math.floor(now / SLOT_MS) - Math.floor(since / SLOT_MS));
  const window = Math.floor(windowMs / SLOT_MS);
  if (elapsed >= window) return 0n;
  return (usage * BigInt(window - elapsed) + BigInt(window) - 1n) / BigInt(window);
}

export class ResourceBook {
  private readonly accounts = new Map<string, AccountResources>();
  constructor(readonly params: ResourceParams) {}

  get(address: string): AccountResources {
    const key = address.toLowerCase();
    let r = this.accounts.get(key);
    if (!r) {
      r = emptyResources();
      this.accounts.set(key, r);
    }
    return r;
  }

  has(address: string): boolean {
    return this.accounts.has(address.toLowerCase());
  }

  /** Current (recovered) usage figures. */
  view(address: string, now: number) {
    const r = this.get(address);
    const p = this.params;
    const energyUsed = recovered(r.energyUsed, r.energyTime, now, p.windowMs);
    const netUsed = recovered(r.netUsed, r.netTime, now, p.windowMs);
    const freeNetUsed = recovered(r.freeNetUsed, r.freeNetTime, now, p.windowMs);
    return {
      energyLimit: r.energyLimit,
      energyUsed,
      energyLeft: r.energyLimit > energyUsed ? r.energyLimit - energyUsed : 0n,
      netLimit: r.netLimit,
      netUsed,
      netLeft: r.netLimit > netUsed ? r.netLimit - netUsed : 0n,
      freeNetLimit: p.freeNetLimit,
      freeNetUsed,
      freeNetLeft: p.freeNetLimit > freeNetUsed ? p.freeNetLimit - freeNetUsed : 0n,
    };
  }

  set(
    address: string,
    now: number,
    patch: Partial<
      Pick<AccountResources, 'energyLimit' | 'energyUsed' | 'netLimit' | 'netUsed' | 'freeNetUsed'>
    >,
  ): void {
    const r = this.get(address);
    const v = this.view(address, now);
    // re-base usage to "now" so later recovery starts from the new figure
    r.energyUsed = patch.energyUsed ?? v.energyUsed;
    r.energyTime = now;
    r.netUsed = patch.netUsed ?? v.netUsed;
    r.netTime = now;
    r.freeNetUsed = patch.freeNetUsed ?? v.freeNetUsed;
    r.freeNetTime = now;
    if (patch.energyLimit !== undefined) r.energyLimit = patch.energyLimit;
    if (patch.netLimit !== undefined) r.netLimit = patch.netLimit;
  }

  /**
   * Bandwidth for a transaction of `bytes`: staked bandwidth first, then the free daily bandwidth,
   * else burn bytes * bandwidthPrice. Returns what would be used (does not commit).
   */
  planBandwidth(
    address: string,
    bytes: bigint,
    now: number,
  ): { netUsage: bigint; netFee: bigint; source: 'staked' | 'free' | 'burn' } {
    const v = this.view(address, now);
    if (v.netLeft >= bytes) return { netUsage: bytes, netFee: 0n, source: 'staked' };
    if (v.freeNetLeft >= bytes) return { netUsage: bytes, netFee: 0n, source: 'free' };
    return { netUsage: 0n, netFee: bytes * this.params.bandwidthPrice, source: 'burn' };
  }

  commitBandwidth(
    address: string,
    plan: { netUsage: bigint; source: 'staked' | 'free' | 'burn' },
    now: number,
  ): void {
    const v = this.view(address, now);
    const r = this.get(address);
    if (plan.source === 'staked') {
      r.netUsed = v.netUsed + plan.netUsage;
      r.netTime = now;
    } else if (plan.source === 'free') {
      r.freeNetUsed = v.freeNetUsed + plan.netUsage;
      r.freeNetTime = now;
    }
  }

  /** Staked energy consumed first; the rest is burned at energyPrice. */
  commitEnergy(
    address: string,
    energyUsed: bigint,
    now: number,
  ): { fromStake: bigint; burned: bigint; energyFee: bigint } {
    const v = this.view(address, now);
    const fromStake = energyUsed < v.energyLeft ? energyUsed : v.energyLeft;
    const r = this.get(address);
    r.energyUsed = v.energyUsed + fromStake;
    r.energyTime = now;
    const burned = energyUsed - fromStake;
    return { fromStake, burned, energyFee: burned * this.params.energyPrice };
  }

  /** TRX (sun) that would have to be staked for a given energy limit under the network totals. */
  stakeForEnergy(energyLimit: bigint): bigint {
    const p = this.params;
    return (
      ((energyLimit * p.totalEnergyWeight + p.totalEnergyLimit - 1n) / p.totalEnergyLimit) *
      1_000_000n
    );
  }

  stakeForNet(netLimit: bigint): bigint {
    const p = this.params;
    return ((netLimit * p.totalNetWeight + p.totalNetLimit - 1n) / p.totalNetLimit) * 1_000_000n;
  }
}
