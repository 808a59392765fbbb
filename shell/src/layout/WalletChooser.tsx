import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  appEvents$,
  Modal,
  connectsDirectly,
  network$,
  networks$,
  session$,
  showToast,
  useNetworkConfig,
  useNetworks,
  walletOptions,
  type WalletKind,
  type WalletOption,
} from '@jmswap/shared-chain';
import {
  announcedBrowserWallets,
  classifyConnectFailure,
  withBrowserWallets,
  withWalletAnswer,
  type BrowserWalletInfo,
  type WalletProblem,
} from '@jmswap/shared-chain/wallet-help';
import { connectWallet } from '../services/wallet';
import { needsWalletApp, OpenInWalletApp, WalletPending, WalletProblemNote } from './WalletHelp';
import { WalletConnectDialog } from './WalletConnectDialog';
import { walletArea } from './walletArea';
import { WalletGlyph } from './WalletGlyph';

/**
 * A wallet that answers at once (already trusted) connects before this: the dialog does not
 * flash. A missing TronLink takes 3 s to give up, a locked wallet up to 8 s: without a word the
 * page would look dead.
 */
const PENDING_SHOWN_AFTER_MS = 400;

/** Connects; a wallet that is missing, locked or silent is explained, other errors toasted. */
async function connectOrExplain(
  kind: WalletKind,
  explain: (problem: WalletProblem) => void,
  picked?: Pick<WalletOption, 'rdns' | 'walletName'>,
) {
  try {
    // A mobile wallet answers when its user has scanned the code: the QR dialog waits (and
    // Cancel ends it), no answer timer.
    const connecting = connectWallet(kind, picked?.rdns);
    await (kind === 'walletconnect' ? connecting : withWalletAnswer(connecting));
  } catch (error) {
    const found = classifyConnectFailure(kind, error, undefined, picked?.walletName);
    if (!found) {
      showToast('error', error instanceof Error ? error.message : String(error), 2000);
      return;
    }
    console.warn(`[jmswap] ${kind}: ${found.message}`, error);
    explain(found);
  }
}

/**
 * Opens on CONNECT WALLET (from the header or any remote); TRON skips it and connects TronLink,
 * unless TronLink is not in the page on a phone (then it offers to open the page in the app).
 * While the wallet is asked, the dialog says so. A wallet that is missing, locked or silent
 * reopens it with what to do.
 */
export function WalletChooser({ requested = false }: { requested?: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<WalletProblem>();
  const [pending, setPending] = useState<string>();
  // The browser wallets in the page, read as the chooser opens (an extension may come late).
  const [browserWallets, setBrowserWallets] = useState<BrowserWalletInfo[]>([]);
  // Each attempt's number: an answer to an attempt the user closed or replaced changes nothing.
  const attempt = useRef(0);
  const config = useNetworkConfig();
  const networks = useNetworks();
  const profile = networks.status === 'ready' ? networks.file.profile : 'production';

  const close = () => {
    attempt.current += 1;
    setOpen(false);
    setProblem(undefined);
    setPending(undefined);
  };

  /** Asks the wallet; names it in the dialog while it has not answered. */
  const ask = (
    kind: WalletKind,
    label: string,
    dialogOpen: boolean,
    picked?: Pick<WalletOption, 'rdns' | 'walletName'>,
  ) => {
    const mine = ++attempt.current;
    const current = () => attempt.current === mine;
    setProblem(undefined);
    const shown = setTimeout(() => {
      if (!current()) return;
      setPending(label);
      setOpen(true);
    }, PENDING_SHOWN_AFTER_MS);
    if (dialogOpen) setPending(label);
    let explained = false;
    void connectOrExplain(
      kind,
      (found) => {
        if (!current()) return;
        explained = true;
        setProblem(found);
        setOpen(true);
      },
      picked,
    ).finally(() => {
      clearTimeout(shown);
      if (!current()) return;
      setPending(undefined);
      // Declined or failed otherwise: its toast says so, and no dialog stands over it.
      if (!explained) setOpen(false);
    });
  };

  useEffect(() => {
    const onRequest = () => {
      const state = networks$.getValue();
      const net = state.status === 'ready' ? state.file.networks[network$.getValue()] : undefined;
      const direct = net && state.status === 'ready' && connectsDirectly(net, state.file.profile);
      if (direct && !needsWalletApp(net.platform)) {
        const only = walletOptions(net, state.file.profile)[0]!;
        ask(only.kind, only.label, false);
      } else {
        attempt.current += 1;
        setProblem(undefined);
        setPending(undefined);
        setBrowserWallets(announcedBrowserWallets());
        setOpen(true);
      }
    };
    const sub = appEvents$.subscribe(
      (event) => event.type === 'connectWalletRequested' && onRequest(),
    );
    // A network change closes the chooser; so does a wallet that connects after all.
    const netSub = network$.subscribe(close);
    const sessionSub = session$.subscribe((s) => s.connected && close());
    // The request that loaded this code (WalletChooserOnDemand) is answered once it is mounted,
    // after the subscriptions above have replayed the current network and session.
    if (requested) onRequest();
    return () => {
      sub.unsubscribe();
      netSub.unsubscribe();
      sessionSub.unsubscribe();
    };
    // Mount only: `requested` is the request that mounted it, later ones arrive on the bus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const connect = ({ kind, label, rdns, walletName }: WalletOption) => {
    // The mobile wallet's QR dialog takes over: it shows its own waiting.
    if (kind === 'walletconnect') {
      close();
      void connectOrExplain(kind, (found) => {
        setProblem(found);
        setOpen(true);
      });
    } else ask(kind, label, true, { rdns, walletName });
  };

  // The mobile wallet's QR dialog takes over once its option is chosen (the chooser closes).
  if (!open || config.status !== 'ready') return <WalletConnectDialog />;
  const { platform } = config.network;
  const title = t`Connect a wallet`;
  return (
    <Modal label={title} onClose={close} closeOnBackdrop returnFocus={walletArea}>
      <h3>{title}</h3>
      {pending ? (
        <WalletPending name={pending} />
      ) : (
        <>
          {problem && <WalletProblemNote problem={problem} />}
          {needsWalletApp(platform) && <OpenInWalletApp platform={platform} />}
          {withBrowserWallets(walletOptions(config.network, profile), browserWallets).map(
            (option) => (
              <button
                key={`${option.kind}:${option.rdns ?? ''}`}
                type="button"
                className="jm-button jm-wallet-option jm-wallet-choice"
                onClick={() => connect(option)}
              >
                {/* The wallet's own logo (a checked data: image): decorative, its name says it. */}
                {option.icon ? (
                  <img className="jm-wallet-icon" src={option.icon} alt="" width={24} height={24} />
                ) : (
                  <WalletGlyph kind={option.kind} />
                )}
                {option.label}
              </button>
            ),
          )}
        </>
      )}
      <button type="button" className="jm-link" onClick={close}>
        {t`Cancel`}
      </button>
    </Modal>
  );
}
