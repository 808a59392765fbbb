/**
 * The host side of the wallet relay: answers each widget function with the host page's wallet,
 * after the policy allows it. Refusals and wallet errors reply with an error object (code 4001
 * when the user declined), so the widget fails the step instead of waiting.
 */
import { swapAmounts, type SwapAmounts } from './amounts';
import {
  checkApprove,
  checkEvmExecute,
  checkNetwork,
  checkTronExecute,
  isSwapCall,
  type SdkNetwork,
  type Verdict,
} from './policy';
import type { RelayFunction } from './protocol';
import type { HostWallet } from './wallets/types';

export interface SwapEvent extends SwapAmounts {
  network: string;
  txid: string;
}
export interface ConnectEvent {
  address: string;
  wallet: string;
  network: string;
  chainId: number;
}
export interface ErrorEvent {
  function?: string;
  message: string;
  code?: number;
}

export interface RelayHooks {
  onSwap?: (event: SwapEvent) => void;
  onConnect?: (event: ConnectEvent) => void;
  onError?: (event: ErrorEvent) => void;
}

export class RefusedError extends Error {
  readonly code = 4100;
}

export class HostRelay {
  private account: { address: string; name: string } | undefined;

  constructor(
    private readonly walletFor: (network: SdkNetwork) => HostWallet,
    private readonly hooks: RelayHooks,
  ) {}

  get address(): string | undefined {
    return this.account?.address;
  }

  get walletName(): string | undefined {
    return this.account?.name;
  }

  /**
   * The user picked another account in the wallet: what the widget asks from now on is that
   * account's (its balances; its sends, whose recipient the policy checks against it). None (the
   * wallet locked, or this page disconnected in it): nothing more until the widget connects again.
   */
  follow(address: string | undefined): void {
    if (!address) this.account = undefined;
    else if (this.account) this.account = { ...this.account, address };
  }

  /** The reply's data for `fn`, or an `{ error }` object; never throws. */
  async answer(
    fn: RelayFunction,
    params: Record<string, unknown>,
    network: SdkNetwork,
  ): Promise<unknown> {
    try {
      return await this.run(fn, params, network);
    } catch (error) {
      const e = error as { message?: string; code?: unknown };
      const code = typeof e.code === 'number' ? e.code : undefined;
      const message = e.message ?? String(error);
      this.hooks.onError?.({ function: fn, message, code });
      return { error: { code: code ?? -32000, message } };
    }
  }

  private connected(): { address: string; name: string } {
    if (!this.account) throw Object.assign(new Error('No wallet is connected'), { code: 4100 });
    return this.account;
  }

  private async run(
    fn: RelayFunction,
    params: Record<string, unknown>,
    network: SdkNetwork,
  ): Promise<unknown> {
    const wallet = this.walletFor(network);
    const allow = (verdict: Verdict) => {
      if (!verdict.ok) throw new RefusedError(`Refused ${fn}: ${verdict.reason}`);
    };
    // Every request names the widget's network; the policy below checks the rest.
    allow(checkNetwork(network, params));
    switch (fn) {
      case 'connect':
      case 'update': {
        const picked = fn === 'connect' ? pickedWallet(params) : undefined;
        if (fn === 'connect' && params.silent === true)
          return this.restore(wallet, network, picked);
        if (fn === 'connect' && picked === undefined) {
          // Several wallets in the page, none preferred: the visitor picks one in the widget,
          // which connects again naming it (`wallet`).
          const offers = (await wallet.offers?.()) ?? [];
          if (offers.length > 1) {
            this.account = undefined;
            return { choose: offers };
          }
        }
        const c = await wallet.connect(network, picked);
        return this.connectedAs(wallet, network, c, fn === 'connect');
      }
      case 'getBalanceForBase':
        return wallet.baseBalance(network, this.connected().address);
      case 'getBalanceForToken': {
        const token = tokenParam(network, params);
        return {
          balance: await wallet.tokenBalance(network, token.address, this.connected().address),
          symbol: token.symbol,
        };
      }
      case 'getResources':
        return wallet.resources(network, this.connected().address);
      case 'getAllowance': {
        const token = tokenParam(network, params);
        return wallet.allowance(
          network,
          token.address,
          this.connected().address,
          String(params.spender),
        );
      }
      case 'approve':
      case 'approveSigned': {
        allow(checkApprove(network, params));
        const { address } = this.connected();
        const txid = await wallet.approve(
          network,
          address,
          String(params.token),
          String(params.spender),
          String(params.amount),
        );
        return { txid };
      }
      case 'execute':
      case 'send': {
        const { address } = this.connected();
        allow(
          network.platform === 'evm'
            ? checkEvmExecute(network, address, params)
            : checkTronExecute(network, address, params),
        );
        const txid = await wallet.execute(network, address, params);
        if (isSwapCall(params)) void this.reportSwap(wallet, network, address, txid);
        return { txid };
      }
    }
  }

  /**
   * `connect {silent: true}`: the widget comes back after a page load, as the site does, to the
   * account the wallet still shares with this page; no prompt of any kind (no account request, no
   * chain switch). None: `{address: null}`, and the widget shows CONNECT WALLET.
   */
  private async restore(wallet: HostWallet, network: SdkNetwork, picked: string | undefined) {
    this.account = undefined;
    // Several wallets and none named: only the visitor can pick, so nothing comes back.
    const offers = picked === undefined ? ((await wallet.offers?.()) ?? []) : [];
    const c = offers.length > 1 ? undefined : await wallet.restore(network, picked);
    return c ? this.connectedAs(wallet, network, c, true) : { address: null };
  }

  private async connectedAs(
    wallet: HostWallet,
    network: SdkNetwork,
    c: { address: string; name: string; chainId: number },
    announce: boolean,
  ) {
    this.account = { address: c.address, name: c.name };
    const balance = await wallet.baseBalance(network, c.address).catch(() => '0');
    if (announce)
      this.hooks.onConnect?.({
        address: c.address,
        wallet: c.name,
        network: network.id,
        chainId: c.chainId,
      });
    return { address: c.address, name: c.name, balance, chainId: c.chainId };
  }

  /** onSwap with what arrived on chain, once the receipt is there. */
  private async reportSwap(wallet: HostWallet, network: SdkNetwork, address: string, txid: string) {
    if (!this.hooks.onSwap) return;
    const logs = await wallet.receiptLogs(network, txid).catch(() => undefined);
    const amounts = logs && swapAmounts(network, address, logs);
    if (amounts) this.hooks.onSwap({ network: network.id, txid, ...amounts });
  }
}

/** The wallet the visitor picked (its EIP-6963 id), if the widget names one. */
function pickedWallet(params: Record<string, unknown>): string | undefined {
  const wallet = params.wallet;
  if (wallet === undefined) return undefined;
  if (typeof wallet !== 'string' || !wallet || wallet.length > 100)
    throw new RefusedError('Refused connect: bad wallet');
  return wallet;
}

function tokenParam(network: SdkNetwork, params: Record<string, unknown>) {
  const key = params.symbol ?? params.token;
  const token =
    typeof key === 'string'
      ? (network.tokens[key] ??
        Object.values(network.tokens).find((t) => t.address && t.address === key))
      : undefined;
  if (!token || !token.address) throw new RefusedError('Unknown token');
  return token;
}
