/**
 * The widget's wallet: a WalletConnection whose signing is done by the host page through the
 * relay. The platform writers stay as they are: EVM sends become `execute` (approvals `approve`),
 * TRON contract sends become `execute` (approvals `approve`); reads and receipts still come from
 * the network's own node.
 */
import type { NetworkConfig } from '../../config/types';
import type { WalletConnection } from '../types';
import { transactionIdOf, type EvmTxRequest } from '../evm/connection';
import type { TronWebLike } from '../tron/tronweb-like';
import { ChainError } from '../../core/errors';
import { sameAddress } from '../../core/allowances';
import { wrongNetworkMessage } from '../evm/helpers';
import {
  approvalResult,
  chainIdOf,
  executionResult,
  HostSilentError,
  isRejection,
  type WidgetRelay,
} from './relay';

const APPROVE_SELECTOR = '0x095ea7b3';

/**
 * How long a send waits on the host's answer to "which chain is your wallet on?". A host that
 * stays silent is not refused: the confirm step named the network, as for an answer naming none.
 */
export const HOST_CHAIN_WAIT_MS = 30_000;

type Change = Parameters<WalletConnection['onChange']>[0];

function baseConnection(
  network: NetworkConfig,
  relay: WidgetRelay,
  address: string,
  name: string,
  hostChainId: number | undefined,
) {
  // The chain the host's wallet is on, as its connected/updated replies name it.
  let chain = hostChainId;
  // The seed's protocol has no chainId: a host that named none at connect is asked (`update`)
  // before every send, and trusted only while its answers name no other chain.
  const asksBeforeSend = hostChainId === undefined;
  const refuse = () => new ChainError('WRONG_NETWORK', wrongNetworkMessage(network));
  const listeners = new Set<Change>();
  const connection = {
    kind: 'widget' as const,
    name,
    platform: network.platform,
    /**
     * The host wallet's account: it follows the account the user picks there (an "updated" the
     * host sends), as a browser wallet's does, so balances and sends are that account's.
     */
    address,
    /** Right before an execute or approve: refuses (nothing sent) a host on another chain. */
    async confirmHostChain(): Promise<void> {
      if (asksBeforeSend) {
        let reply: unknown;
        try {
          reply = await relay.call('update', { network: network.id }, HOST_CHAIN_WAIT_MS);
        } catch (error) {
          if (!(error instanceof HostSilentError)) throw error;
          console.warn(
            `[widget] the host did not name its wallet's chain; sending on ${network.id}`,
          );
          return;
        }
        if (isRejection(reply)) throw refuse();
        chain = chainIdOf(reply) ?? chain;
        // The host's wallet is on another account than the send was built for: nothing is sent.
        if (follow(reply)) throw new ChainError('ACCOUNT_CHANGED');
      }
      if (chain !== undefined && chain !== network.chainId) throw refuse();
    },
    chainId: async () => chain ?? network.chainId,
    switchChain: async (target: NetworkConfig) => {
      const reply = await relay.call('update', { network: target.id });
      chain = chainIdOf(reply) ?? chain;
      follow(reply);
    },
    onChange(listener: Change) {
      listeners.add(listener);
      const stop = relay.onUnsolicited((fn, data) => {
        if (fn !== 'updated') return;
        // The host's wallet has no account for the page any more (locked, or disconnected there).
        if ((data as { address?: unknown } | null)?.address === null) {
          listener({ type: 'disconnect' });
          return;
        }
        const named = chainIdOf(data);
        if (named !== undefined && named !== chain) {
          chain = named;
          listener({ type: 'chain', value: named });
        }
        follow(data);
      });
      return () => {
        listeners.delete(listener);
        stop();
      };
    },
    disconnect: async () => undefined,
  };
  /** Takes the account a host's reply names, when it is another; true when it changed. */
  function follow(data: unknown): boolean {
    const next = (data as { address?: unknown } | null)?.address;
    if (typeof next !== 'string' || !next || sameAddress(next, connection.address)) return false;
    connection.address = next;
    for (const listener of listeners) listener({ type: 'accounts', value: next });
    return true;
  }
  return connection;
}

/** EVM: approve calldata goes to the host's `approve`, every other send to `execute`. */
export function widgetEvmConnection(
  network: NetworkConfig,
  relay: WidgetRelay,
  address: string,
  name: string,
  hostChainId?: number,
) {
  const base = baseConnection(network, relay, address, name, hostChainId);
  // The same object, not a copy: its address follows the host's account.
  return Object.assign(base, {
    async sendTransaction(tx: EvmTxRequest): Promise<string> {
      await base.confirmHostChain();
      const data = String(tx.data ?? '');
      if (data.startsWith(APPROVE_SELECTOR) && data.length === 10 + 128) {
        const spender = `0x${data.slice(34, 74)}`;
        const amount = BigInt(`0x${data.slice(74)}`);
        return approvalResult(
          await relay.call('approve', { token: tx.to, spender, amount, network: network.id }),
        );
      }
      // As a wallet's own answer: a host may hand back the id without its 0x, or in capitals.
      return transactionIdOf(
        executionResult(
          await relay.call('execute', {
            to: tx.to,
            data,
            value: tx.value ?? 0n,
            chainId: tx.chainId,
            network: network.id,
          }),
        ),
      );
    },
  });
}

/** TRON: a TronWeb-like whose contract sends are relayed; chain reads use `reader`. */
export function widgetTronConnection(
  network: NetworkConfig,
  relay: WidgetRelay,
  address: string,
  name: string,
  reader: TronWebLike,
  hostChainId?: number,
) {
  const base = baseConnection(network, relay, address, name, hostChainId);
  const relayed: TronWebLike = {
    ready: true,
    get defaultAddress() {
      return { base58: base.address, hex: false as const, name };
    },
    trx: reader.trx,
    contract(_abi: unknown, contractAddress: string) {
      const methods = new Proxy(
        {},
        {
          get:
            (_target, method: string) =>
            (...args: unknown[]) => ({
              call: () => Promise.reject(new Error('The widget wallet only sends')),
              async send(options: { feeLimit?: number; callValue?: number } = {}) {
                if (method === 'approve') {
                  return approvalResult(
                    await relay.call('approve', {
                      token: contractAddress,
                      spender: args[0],
                      amount: args[1],
                      network: network.id,
                    }),
                  );
                }
                return executionResult(
                  await relay.call('execute', {
                    contract: contractAddress,
                    method,
                    params: args,
                    feeLimit: options.feeLimit,
                    callValue: options.callValue ?? 0,
                    network: network.id,
                  }),
                );
              },
            }),
        },
      );
      return { methods };
    },
  };
  return Object.assign(base, {
    getTronWeb: () => relayed,
    // The TRON writer asks this before it simulates, so a refusal never opens a wallet prompt.
    assertChain: () => base.confirmHostChain(),
  });
}
