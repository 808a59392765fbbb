import type { ReceiptLog } from '../amounts';
import type { SdkNetwork } from '../policy';

export interface Connected {
  address: string;
  name: string;
  /** The chain the wallet is on (EVM: eth_chainId; TRON: TronLink's node's, see the README). */
  chainId: number;
}

/** A wallet of the page the visitor may pick (EIP-6963: MetaMask, Rabby...), when there are several. */
export interface WalletOffer {
  rdns: string;
  name: string;
  /** Its logo as it announced it; the widget draws only a data: image. */
  icon?: string;
}

/** The host page's wallet, as the relay needs it. Every send goes through the wallet's own prompt. */
export interface HostWallet {
  /** `wallet`: the one the visitor picked among `offers` (its rdns). */
  connect(network: SdkNetwork, wallet?: string): Promise<Connected>;
  /**
   * The account the wallet already shares with this page, asked with no prompt (a page load
   * after the visitor connected the widget before); undefined when none (locked, or this page
   * not granted). The chain is only read, never switched.
   */
  restore(network: SdkNetwork, wallet?: string): Promise<Connected | undefined>;
  /** The wallets to pick from: several in the page, and the partner preferred none. */
  offers?(): Promise<WalletOffer[]>;
  /** Asks the wallet to be on the network's chain; resolves with the chain it is on afterwards. */
  ensureChain(network: SdkNetwork): Promise<number>;
  baseBalance(network: SdkNetwork, account: string): Promise<string>;
  tokenBalance(network: SdkNetwork, token: string, account: string): Promise<string>;
  allowance(network: SdkNetwork, token: string, account: string, spender: string): Promise<string>;
  resources(network: SdkNetwork, account: string): Promise<{ energy: number; bandwidth: number }>;
  approve(
    network: SdkNetwork,
    account: string,
    token: string,
    spender: string,
    amount: string,
  ): Promise<string>;
  execute(network: SdkNetwork, account: string, params: Record<string, unknown>): Promise<string>;
  /** Receipt logs once mined, or undefined if it failed or did not land in time. */
  receiptLogs(network: SdkNetwork, txid: string): Promise<ReceiptLog[] | undefined>;
  onAccountChange(listener: (address: string | undefined) => void): () => void;
  /**
   * The wallet moved to another chain by itself (TronLink's node picked in TronLink). EVM wallets
   * are asked onto the network's chain before each send instead.
   */
  onChainChange?(listener: (chainId: number) => void): () => void;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
