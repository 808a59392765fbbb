/**
 * Test support (not shipped by remotes): an EIP-1193 provider that forwards JSON-RPC to a node
 * whose dev accounts are unlocked (anvil), shaped like the object an extension injects.
 */
import type { Eip1193Provider } from '../../adapters/evm/connection';

export interface TestProviderOptions {
  /** The account eth_requestAccounts returns. */
  account: string;
  /** eth_chainId answers this instead of the node's chain id. */
  chainId?: number;
  /** What wallet_switchEthereumChain does: 'accept' (the default: switches), 'reject' (4001), 'unknown' (4902). */
  onSwitch?: 'accept' | 'reject' | 'unknown';
  /** eth_requestAccounts rejects with 4001. */
  rejectConnect?: boolean;
  /** eth_accounts answers no account: the user has not connected the wallet to this site. */
  notGranted?: boolean;
  /** A slow wallet (waking up, or locked and holding the question): eth_accounts answers after this long. */
  accountsDelayMs?: number;
  /** eth_sendTransaction rejects with 4001. */
  rejectSend?: boolean;
  /** A slow wallet: eth_sendTransaction answers after this long (the user reading the prompt). */
  sendDelayMs?: number;
  /** The user moves the wallet to this chain while the send prompt is open. */
  chainOnSend?: number;
  /**
   * The user picks this account in the wallet while the next send's prompt is open; that send
   * still goes from the account it names, as MetaMask's prompt does.
   */
  accountOnSend?: string;
}

export interface TestProvider extends Eip1193Provider {
  calls: Array<{ method: string; params?: unknown }>;
  options: TestProviderOptions;
  emit(event: string, ...args: unknown[]): void;
  isMetaMask: boolean;
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

export function createTestProvider(nodeUrl: string, options: TestProviderOptions): TestProvider {
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  let id = 0;
  const forward = async (method: string, params: unknown) => {
    const res = await fetch(nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
    });
    const body = (await res.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
  };
  const provider: TestProvider = {
    isMetaMask: true,
    calls: [],
    options,
    async request({ method, params }) {
      provider.calls.push({ method, params });
      switch (method) {
        case 'eth_requestAccounts':
          if (options.rejectConnect) throw rpcError(4001, 'User rejected the request.');
          return [options.account];
        case 'eth_accounts':
          if (options.accountsDelayMs)
            await new Promise((r) => setTimeout(r, options.accountsDelayMs));
          return options.notGranted ? [] : [options.account];
        case 'eth_chainId':
          if (options.chainId !== undefined) return `0x${options.chainId.toString(16)}`;
          return forward(method, params);
        case 'wallet_switchEthereumChain': {
          const mode = options.onSwitch ?? 'accept';
          if (mode === 'reject') throw rpcError(4001, 'User rejected the request.');
          if (mode === 'unknown') throw rpcError(4902, 'Unrecognized chain ID');
          const [{ chainId }] = params as [{ chainId: string }];
          options.chainId = parseInt(chainId, 16);
          provider.emit('chainChanged', chainId);
          return null;
        }
        case 'wallet_addEthereumChain':
          options.onSwitch = 'accept';
          return null;
        case 'eth_sendTransaction': {
          if (options.accountOnSend !== undefined) {
            options.account = options.accountOnSend;
            delete options.accountOnSend;
            provider.emit('accountsChanged', [options.account]);
          }
          if (options.sendDelayMs) await new Promise((r) => setTimeout(r, options.sendDelayMs));
          if (options.rejectSend) throw rpcError(4001, 'User denied transaction signature.');
          if (options.chainOnSend !== undefined) options.chainId = options.chainOnSend;
          // As MetaMask: a transaction naming another chain than the wallet's is refused.
          const [tx] = params as [{ chainId?: string }];
          if (tx.chainId !== undefined && options.chainId !== undefined) {
            if (parseInt(tx.chainId, 16) !== options.chainId)
              throw rpcError(-32602, `chainId ${tx.chainId} is not the wallet's chain`);
          }
          return forward(method, params);
        }
        default:
          return forward(method, params);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      for (const l of listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
    },
  };
  return provider;
}

/** Installs a fake browser `window` (node test environment) holding `ethereum` and other globals. */
export function installWindow(
  globals: Record<string, unknown>,
): Record<string, unknown> & EventTarget {
  const target = Object.assign(new EventTarget(), globals);
  (globalThis as Record<string, unknown>).window = target;
  return target;
}

export function removeWindow(): void {
  delete (globalThis as Record<string, unknown>).window;
}
