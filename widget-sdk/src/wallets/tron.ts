/**
 * The host page's TronLink (window.tronLink, or a bare window.tronWeb). Contract sends use the
 * wallet's own TronWeb, so TronLink shows its confirmation for each; the router ABI comes from
 * the SDK's list of allowed router functions.
 */
import { normaliseLog, type ReceiptLog } from '../amounts';
import { ROUTER_METHODS } from '../router-methods.generated';
import type { SdkNetwork } from '../policy';
import { sleep, type Connected, type HostWallet } from './types';

interface Method {
  call(): Promise<unknown>;
  send(options: Record<string, unknown>): Promise<unknown>;
}
interface TronWebLike {
  ready?: boolean;
  defaultAddress?: { base58?: string | false };
  contract(
    abi: unknown[],
    address: string,
  ): { methods: Record<string, (...a: unknown[]) => Method> };
  trx: {
    getBlockByNumber(n: number): Promise<{ blockID?: unknown } | null>;
    getNodeInfo(): Promise<{ configNodeInfo?: { p2pVersion?: unknown } } | null>;
    getUnconfirmedBalance(address: string): Promise<number>;
    getAccountResources(address: string): Promise<Record<string, number | undefined>>;
    getTransactionInfo(txid: string): Promise<{
      id?: string;
      receipt?: { result?: string };
      log?: unknown[];
    }>;
  };
}
interface TronLinkLike {
  name?: string;
  tronWeb?: TronWebLike;
  request(args: { method: string }): Promise<unknown>;
}

const u = (name: string) => ({ name, type: 'uint256' });
const a = (name: string) => ({ name, type: 'address' });
const fn = (name: string, inputs: object[], outputs: object[], view = false) => ({
  type: 'function',
  name,
  inputs,
  outputs,
  stateMutability: view ? 'view' : 'nonpayable',
});
const TOKEN_ABI = [
  fn('balanceOf', [a('owner')], [u('')], true),
  fn('allowance', [a('owner'), a('spender')], [u('')], true),
  fn('approve', [a('spender'), u('value')], [{ name: '', type: 'bool' }]),
];
const ROUTER_ABI = Object.values(ROUTER_METHODS).map((m) => m.abi);

const FEE_LIMIT_SUN = 100_000_000;
/** How long a page load waits for TronLink to inject itself and show its address (the site's). */
export const tronLinkWait = { ms: 3_000 };

/** The networks TRON's genesis blocks name (mainnet, Nile, Shasta), and their p2pVersion. */
const GENESIS_CHAIN_IDS = new Set([728126428, 3448148188, 2494104990]);
const P2P_CHAIN_IDS: Record<string, number> = {
  '11111': 728126428,
  '201910292': 3448148188,
  '1': 2494104990,
};

/**
 * The chain TronLink's node is on, as the site reads it: the last 4 bytes of the genesis block
 * id, else (a node of none of those networks, such as a local one) getnodeinfo's p2pVersion.
 * Undefined when the node does not say.
 */
export async function tronChainId(tronWeb: TronWebLike): Promise<number | undefined> {
  const genesis = await tronWeb.trx.getBlockByNumber(0).catch(() => null);
  const id = genesis?.blockID;
  if (typeof id === 'string' && /^[0-9a-f]{64}$/i.test(id)) {
    const chainId = parseInt(id.slice(-8), 16);
    if (GENESIS_CHAIN_IDS.has(chainId)) return chainId;
  }
  const info = await tronWeb.trx.getNodeInfo().catch(() => null);
  const p2p = String(info?.configNodeInfo?.p2pVersion ?? '');
  return P2P_CHAIN_IDS[p2p] ?? (/^[0-9]{1,10}$/.test(p2p) ? parseInt(p2p, 10) : undefined);
}

export function tronWallet(win: Window): HostWallet {
  const link = () => (win as unknown as { tronLink?: TronLinkLike }).tronLink;
  function tronWeb(): TronWebLike {
    const tw = link()?.tronWeb ?? (win as unknown as { tronWeb?: TronWebLike }).tronWeb;
    if (!tw) throw Object.assign(new Error('TronLink was not found on this page'), { code: 4100 });
    return tw;
  }
  const amount = (v: unknown) => BigInt(String(v ?? 0)).toString();
  const token = (address: string) => tronWeb().contract(TOKEN_ABI, address).methods;
  // TronLink has no chain switch API: the user picks the node in TronLink itself. A node that
  // does not say which chain it is on is taken as the network's: a send through a node that
  // cannot be reached fails by itself.
  const chainOf = async (network: SdkNetwork) => (await tronChainId(tronWeb())) ?? network.chainId;
  /** Before TronLink is asked to sign: a TronLink on another network sends nothing. */
  async function onNetwork(network: SdkNetwork): Promise<void> {
    if ((await chainOf(network)) !== network.chainId)
      throw Object.assign(new Error(`TronLink is not on ${network.name}; nothing was sent`), {
        code: 4100,
      });
  }

  return {
    async connect(network): Promise<Connected> {
      const tronLink = link();
      if (tronLink) {
        const answer = (await tronLink.request({ method: 'tron_requestAccounts' })) as {
          code?: number;
        } | null;
        if (!answer) throw Object.assign(new Error('TronLink is locked'), { code: 4001 });
        if (answer.code === 4001)
          throw Object.assign(new Error('Connection declined in TronLink'), { code: 4001 });
      }
      const address = tronWeb().defaultAddress?.base58;
      if (!address) throw Object.assign(new Error('TronLink shared no account'), { code: 4001 });
      return { address, name: tronLink?.name ?? 'TronLink', chainId: await chainOf(network) };
    },
    async restore(network): Promise<Connected | undefined> {
      // TronLink sets its tronWeb's address for a page it granted, while unlocked: no prompt.
      // It injects itself a moment after the page loads: waited for as the site waits for it.
      const addressNow = () =>
        (link()?.tronWeb ?? (win as unknown as { tronWeb?: TronWebLike }).tronWeb)?.defaultAddress
          ?.base58;
      for (let waited = 0; !addressNow() && waited < tronLinkWait.ms; waited += 100)
        await sleep(100);
      const address = addressNow();
      if (!address) return undefined;
      return { address, name: link()?.name ?? 'TronLink', chainId: await chainOf(network) };
    },
    ensureChain: chainOf,
    baseBalance: async (_n, account) => amount(await tronWeb().trx.getUnconfirmedBalance(account)),
    tokenBalance: async (_n, address, account) =>
      amount(await token(address).balanceOf!(account).call()),
    allowance: async (_n, address, account, spender) =>
      amount(await token(address).allowance!(account, spender).call()),
    async resources(_n, account) {
      const r = await tronWeb().trx.getAccountResources(account);
      const n = (k: string) => Number(r[k] ?? 0);
      return {
        energy: Math.max(0, n('EnergyLimit') - n('EnergyUsed')),
        bandwidth: Math.max(0, n('freeNetLimit') - n('freeNetUsed') + n('NetLimit') - n('NetUsed')),
      };
    },
    async approve(network, _account, address, spender, value) {
      await onNetwork(network);
      return txidOf(
        await token(address).approve!(spender, value).send({ feeLimit: FEE_LIMIT_SUN }),
      );
    },
    async execute(network, _account, params) {
      await onNetwork(network);
      const methods = tronWeb().contract(ROUTER_ABI, String(params.contract)).methods;
      const method = methods[String(params.method)];
      if (!method) throw new Error('Unknown router function');
      const args = params.params as unknown[];
      return txidOf(
        await method(...args).send({
          feeLimit: Number(params.feeLimit ?? FEE_LIMIT_SUN),
          callValue: Number(params.callValue ?? 0),
        }),
      );
    },
    async receiptLogs(_n, txid): Promise<ReceiptLog[] | undefined> {
      for (let i = 0; i < 240; i++) {
        const info = await tronWeb().trx.getTransactionInfo(txid);
        if (info?.id) {
          if (info.receipt?.result && info.receipt.result !== 'SUCCESS') return undefined;
          return (info.log ?? [])
            .map((l) => normaliseLog(l as never))
            .filter((l): l is ReceiptLog => !!l);
        }
        await sleep(500);
      }
      return undefined;
    },
    onAccountChange(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = (event.data as { message?: { action?: string; data?: unknown } })?.message;
        if (event.source !== win || !message) return;
        if (message.action === 'setAccount' || message.action === 'accountsChanged') {
          const next = (message.data as { address?: unknown } | undefined)?.address;
          listener(typeof next === 'string' ? next : undefined);
        }
        if (message.action === 'disconnect') listener(undefined);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
    onChainChange(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = (event.data as { message?: { action?: string } })?.message;
        if (event.source !== win || message?.action !== 'setNode') return;
        void tronChainId(tronWeb()).then((chainId) => chainId !== undefined && listener(chainId));
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}

function txidOf(result: unknown): string {
  if (typeof result === 'string') return result;
  const r = result as { txid?: unknown; transaction?: { txID?: unknown } } | null;
  const txid = r?.txid ?? r?.transaction?.txID;
  if (typeof txid !== 'string' || !txid) throw new Error('TronLink returned no transaction id');
  return txid;
}
