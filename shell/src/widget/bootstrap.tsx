import { createRoot } from 'react-dom/client';
import {
  appEvents$,
  configureChainServices,
  configureWidgetRelay,
  connectWallet,
  isNetworkId,
  loadNetworks,
  selectNetwork,
} from '@jmswap/shared-chain';
import { registerRemotesFromConfig } from '../remotes/federation';
import { RemoteArea } from '../remotes/RemoteArea';
import { Toasts, LoadingOverlay } from '../layout/Overlays';
import {
  detectParentOrigin,
  isAllowedHost,
  startWidgetHandshake,
  type WidgetOptions,
} from './handshake';
import '../styles.css';

async function widgetConfig(): Promise<{ allowedHosts: string[] }> {
  const res = await fetch('/config/widget.json', { cache: 'no-cache' });
  if (!res.ok) return { allowedHosts: [] };
  const body = (await res.json()) as { allowedHosts?: unknown };
  return {
    allowedHosts: Array.isArray(body.allowedHosts)
      ? body.allowedHosts.filter((h): h is string => typeof h === 'string')
      : [],
  };
}

function WidgetApp({ options }: { options: WidgetOptions }) {
  const query = new URLSearchParams(window.location.search);
  const network = selectNetwork(String(options.network ?? query.get('n') ?? 'TRON'));
  const props = {
    network,
    widget: true,
    query: {
      ...Object.fromEntries(query.entries()),
      from: options.fromToken ?? query.get('from') ?? undefined,
      to: options.toToken ?? query.get('to') ?? undefined,
    },
  };
  return (
    <>
      <RemoteArea remote="swap" expose="SwapPanel" props={props} />
      <LoadingOverlay />
      <Toasts />
    </>
  );
}

async function start() {
  const rootEl = document.getElementById('root') as HTMLElement;
  const parentOrigin = detectParentOrigin(window);
  const { allowedHosts } = await widgetConfig();
  if (!isAllowedHost(parentOrigin, allowedHosts)) {
    // Not framed by a known partner: stay inert and post nothing.
    rootEl.setAttribute('data-widget-state', 'inactive');
    return;
  }
  // Every wallet action of the widget is asked of this host page (JMSwapFunction messages).
  configureWidgetRelay(window, parentOrigin);
  configureChainServices({ widget: true, host: parentOrigin });
  appEvents$.subscribe((event) => {
    if (event.type === 'connectWalletRequested')
      void connectWallet('widget').catch((e) => console.error('[widget] connect failed', e));
  });
  await Promise.allSettled([registerRemotesFromConfig(['swap']), loadNetworks()]);
  const root = createRoot(rootEl);
  rootEl.setAttribute('data-widget-state', 'waiting');
  startWidgetHandshake(window, parentOrigin, (options) => {
    if (options.network && !isNetworkId(options.network)) options.network = undefined;
    rootEl.setAttribute('data-widget-state', 'ready');
    root.render(<WidgetApp options={options} />);
  });
}

void start();
