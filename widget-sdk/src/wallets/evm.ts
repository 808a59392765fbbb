/**
 * The host page's EVM wallet: the first provider announced through EIP-6963 (or one whose rdns
 * the partner names), else window.ethereum. Sends always go through eth_sendTransaction, so the
 * wallet shows its own confirmation; each carries the chainId checked just before.
 */
import { normaliseLog, type ReceiptLog } from '../amounts';
import type { SdkNetwork } from '../policy';
import { sleep, type Connected, type HostWallet, type WalletOffer } from './types';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (value: unknown) => void): unknown;
  removeListener?(event: string, listener: (value: unknown) => void): unknown;
}
interface Announced {
  info: { name: string; rdns: string; icon?: unknown };
  provider: Eip1193;
}

const hex = (n: bigint) => `0x${n.toString(16)}`;
const pad = (h: string) => h.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/** How long the first look at the page's wallets waits for their EIP-6963 announcements. */
const ANNOUNCE_WAIT_MS = 150;

/**
 * EIP-6963 discovery, listened to from the first use on: the first look waits for the wallets'
 * answers; later ones read what was announced at once, including a wallet that announced itself
 * late (its extension loaded after the page).
 */
export function announcedWallets(win: Window): AnnouncedWallets {
  const found: Announced[] = [];
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<Announced>).detail;
    if (detail?.provider && !found.some((f) => f.info.rdns === detail.info?.rdns))
      found.push(detail);
  };
  win.addEventListener('eip6963:announceProvider', listener);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  const ready = sleep(ANNOUNCE_WAIT_MS);
  return {
    async list() {
      await ready;
      return [...found];
    },
    stop: () => win.removeEventListener('eip6963:announceProvider', listener),
  };
}

export interface AnnouncedWallets {
  list(): Promise<Announced[]>;
  stop(): void;
}

/** `announced`: the page's wallets as listened to since the widget was mounted. */
export function evmWallet(
  win: Window,
  preferredRdns?: string,
  announced: AnnouncedWallets = announcedWallets(win),
): HostWallet {
  let chosen: { provider: Eip1193; name: string } | undefined;
  const pageWallets = () => announced.list();

  async function provider(): Promise<{ provider: Eip1193; name: string }> {
    if (chosen) return chosen;
    const found = await pageWallets();
    const pick = found.find((a) => a.info.rdns === preferredRdns) ?? found[0];
    const injected = (win as unknown as { ethereum?: Eip1193 }).ethereum;
    if (pick) chosen = { provider: pick.provider, name: pick.info.name };
    else if (injected) chosen = { provider: injected, name: 'Browser wallet' };
    else throw Object.assign(new Error('No browser wallet was found on this page'), { code: 4100 });
    return chosen;
  }
  /** The visitor's pick among the page's wallets (its rdns); refused when it is not there. */
  async function choose(wallet: string): Promise<void> {
    const picked = (await pageWallets()).find((a) => a.info.rdns === wallet);
    if (!picked) throw Object.assign(new Error('That wallet is not on this page'), { code: 4100 });
    chosen = { provider: picked.provider, name: picked.info.name };
  }
  const rpc = async (method: string, params: unknown[] = []) =>
    (await provider()).provider.request({ method, params });
  const chainNow = async () => Number(await rpc('eth_chainId'));

  async function ensureChain(network: SdkNetwork): Promise<number> {
    if ((await chainNow()) === network.chainId) return network.chainId;
    try {
      await rpc('wallet_switchEthereumChain', [{ chainId: hex(BigInt(network.chainId)) }]);
    } catch (error) {
      if ((error as { code?: number }).code !== 4902) throw error;
      await rpc('wallet_addEthereumChain', [
        {
          chainId: hex(BigInt(network.chainId)),
          chainName: network.name,
          rpcUrls: [network.nodeUrl],
          nativeCurrency: { name: network.baseToken, symbol: network.baseToken, decimals: 18 },
        },
      ]);
    }
    return chainNow();
  }

  async function sendChecked(network: SdkNetwork, tx: Record<string, string>): Promise<string> {
    const chainId = await ensureChain(network);
    if (chainId !== network.chainId)
      throw new Error(`The wallet is not on ${network.name}; nothing was sent`);
    return String(await rpc('eth_sendTransaction', [{ ...tx, chainId: hex(BigInt(chainId)) }]));
  }

  const call = async (to: string, data: string) =>
    BigInt(String(await rpc('eth_call', [{ to, data }, 'latest']))).toString();

  return {
    async offers(): Promise<WalletOffer[]> {
      if (preferredRdns) return [];
      const found = await pageWallets();
      if (found.length < 2) return [];
      return found.map(({ info }) => ({
        rdns: info.rdns,
        name: info.name,
        ...(typeof info.icon === 'string' && { icon: info.icon }),
      }));
    },
    async connect(network, wallet): Promise<Connected> {
      if (wallet) await choose(wallet);
      const { name } = await provider();
      const accounts = (await rpc('eth_requestAccounts')) as string[];
      const address = accounts?.[0];
      if (!address) throw Object.assign(new Error('No account was shared'), { code: 4001 });
      return { address, name, chainId: await ensureChain(network) };
    },
    async restore(_network, wallet): Promise<Connected | undefined> {
      try {
        if (wallet) await choose(wallet);
        await provider();
      } catch {
        return undefined; // the wallet the visitor picked before is not in the page any more
      }
      // eth_accounts never prompts: an empty answer is a wallet locked or this page not granted.
      const accounts = (await rpc('eth_accounts')) as unknown;
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof address !== 'string' || !address) return undefined;
      return { address, name: (await provider()).name, chainId: await chainNow() };
    },
    ensureChain,
    baseBalance: async (_n, account) =>
      BigInt(String(await rpc('eth_getBalance', [account, 'latest']))).toString(),
    tokenBalance: (_n, token, account) => call(token, `0x70a08231${pad(account)}`),
    allowance: (_n, token, account, spender) =>
      call(token, `0xdd62ed3e${pad(account)}${pad(spender)}`),
    resources: async () => ({ energy: 0, bandwidth: 0 }),
    approve: (network, account, token, spender, amount) =>
      sendChecked(network, {
        from: account,
        to: token,
        data: `0x095ea7b3${pad(spender)}${pad(BigInt(amount).toString(16))}`,
      }),
    execute: (network, account, params) =>
      sendChecked(network, {
        from: account,
        to: String(params.to),
        data: String(params.data),
        value: hex(BigInt(String(params.value ?? '0'))),
      }),
    async receiptLogs(_network, txid): Promise<ReceiptLog[] | undefined> {
      for (let i = 0; i < 240; i++) {
        const receipt = (await rpc('eth_getTransactionReceipt', [txid])) as {
          status?: string;
          logs?: unknown[];
        } | null;
        if (receipt) {
          if (Number(receipt.status) !== 1) return undefined;
          return (receipt.logs ?? [])
            .map((l) => normaliseLog(l as never))
            .filter((l): l is ReceiptLog => !!l);
        }
        await sleep(500);
      }
      return undefined;
    },
    onAccountChange(listener) {
      let stop = () => undefined as unknown;
      void provider().then(({ provider: p }) => {
        const onAccounts = (value: unknown) => listener((value as string[])?.[0]);
        p.on?.('accountsChanged', onAccounts);
        stop = () => p.removeListener?.('accountsChanged', onAccounts);
      });
      return () => void stop();
    },
  };
}
