/**
 * The widget's wallet: a WalletConnection whose signing is done by the host page through the
 * relay. The platform writers stay as they are: EVM sends become `execute` (approvals `approve`),
 * TRON contract sends become `execute` (approvals `approve`); reads and receipts still come from
 * the network's own node.
 */
import type { NetworkConfig } from '../../config/types';
import type { WalletConnection } from '../types';
import type { EvmTxRequest } from '../evm/connection';
import type { TronWebLike } from '../tron/tronweb-like';
import { approvalResult, chainIdOf, executionResult, type WidgetRelay } from './relay';

const APPROVE_SELECTOR = '0x095ea7b3';

type Change = Parameters<WalletConnection['onChange']>[0];

function baseConnection(
  network: NetworkConfig,
  relay: WidgetRelay,
  address: string,
  name: string,
  hostChainId: number | undefined,
) {
  // The chain the host's wallet is on, as its connected/updated replies name it. A host that
  // never names one (an SDK from before chainId) is trusted to be on the network it was given.
  let chain = hostChainId;
  return {
    kind: 'widget' as const,
    name,
    platform: network.platform,
    address,
    chainId: async () => chain ?? network.chainId,
    switchChain: async (target: NetworkConfig) => {
      const reply = await relay.call('update', { network: target.id });
      chain = chainIdOf(reply) ?? chain;
    },
    onChange(listener: Change) {
      return relay.onUnsolicited((fn, data) => {
        if (fn !== 'updated') return;
        const named = chainIdOf(data);
        if (named !== undefined && named !== chain) {
          chain = named;
          listener({ type: 'chain', value: named });
        }
        const next = (data as { address?: unknown } | null)?.address;
        if (typeof next === 'string' && next !== address)
          listener({ type: 'accounts', value: next });
      });
    },
    disconnect: async () => undefined,
  };
}

/** EVM: approve calldata goes to the host's `approve`, every other send to `execute`. */
export function widgetEvmConnection(
  network: NetworkConfig,
  relay: WidgetRelay,
  address: string,
  name: string,
  hostChainId?: number,
) {
  return {
    ...baseConnection(network, relay, address, name, hostChainId),
    async sendTransaction(tx: EvmTxRequest): Promise<string> {
      const data = String(tx.data ?? '');
      if (data.startsWith(APPROVE_SELECTOR) && data.length === 10 + 128) {
        const spender = `0x${data.slice(34, 74)}`;
        const amount = BigInt(`0x${data.slice(74)}`);
        return approvalResult(
          await relay.call('approve', { token: tx.to, spender, amount, network: network.id }),
        );
      }
      return executionResult(
        await relay.call('execute', {
          to: tx.to,
          data,
          value: tx.value ?? 0n,
          chainId: tx.chainId,
          network: network.id,
        }),
      );
    },
  };
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
  const relayed: TronWebLike = {
    ready: true,
    defaultAddress: { base58: address, hex: false, name },
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
  return {
    ...baseConnection(network, relay, address, name, hostChainId),
    getTronWeb: () => relayed,
  };
}
