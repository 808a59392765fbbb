import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useLingui } from '@lingui/react/macro';
import { showLanguage } from '../language';
import {
  browserLanguage,
  appEvents$,
  configureChainServices,
  configureWidgetRelay,
  keepNetworkInPage,
  loadNetworks,
  restoreWalletSession,
  selectNetwork,
  setHostRestores,
  setHostSlippage,
  trackEvent,
  type NetworkId,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { registerRemotesFromConfig } from '../remotes/federation';
import { RemoteArea } from '../remotes/RemoteArea';
import { Toasts, LoadingOverlay } from '../layout/Overlays';
import { detectParentOrigin, isAllowedHost, startWidgetHandshake } from './handshake';
import { parseWidgetOptions, slippageBpsOf, type WidgetOptions } from './options';
import { applyWidgetStyle } from './style';
import { applyTheme, systemTheme } from '../theme';
import { startHeightReports } from './height';
import { forwardOperatorReports } from '../services/operatorReports';
import { widgetTokens } from './tokens';
import { liquidityTabShown, WIDGET_REMOTES } from './remotes';
import { startAnalyticsSink } from '../services/analytics';
import { connectHostWallet, HostWalletChooser } from './hostWallet';

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

interface Screen {
  network: NetworkId;
  widgetOptions: NonNullable<RemoteScreenProps['widgetOptions']>;
  liquidityTab: boolean;
  lightBranding: boolean;
}

function WidgetApp({ screen }: { screen: Screen }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'swap' | 'liquidity'>('swap');
  const query = {
    n: screen.network,
    from: screen.widgetOptions.fromToken,
    to: screen.widgetOptions.toToken,
  };
  const props: RemoteScreenProps = {
    network: screen.network,
    widget: true,
    query,
    widgetOptions: screen.widgetOptions,
  };
  // The frame's document: its main landmark (a screen reader's way to the box inside a host's page).
  return (
    <main className="jm-widget">
      {screen.liquidityTab && (
        <nav className="jm-widget-tabs" role="tablist" aria-label={t`Widget sections`}>
          {(['swap', 'liquidity'] as const).map((section) => (
            <button
              key={section}
              type="button"
              role="tab"
              className="jm-widget-tab"
              aria-selected={tab === section}
              onClick={() => setTab(section)}
            >
              {section === 'swap' ? t`SWAP` : t`LIQUIDITY`}
            </button>
          ))}
        </nav>
      )}
      {tab === 'swap' ? (
        <RemoteArea key={screen.network} remote="swap" expose="SwapPanel" props={props} />
      ) : (
        <RemoteArea key={screen.network} remote="liquidity" expose="LiquidityPanel" props={props} />
      )}
      <p className={`jm-widget-branding${screen.lightBranding ? ' light' : ''}`}>
        {t`Swaps by`}{' '}
        <a href="https://just.money" target="_blank" rel="noopener noreferrer">
          JMSwap
        </a>
      </p>
      <HostWalletChooser />
      <LoadingOverlay />
      <Toasts />
    </main>
  );
}

/** The screen for the options in force, on the network's tokens. */
async function screenFor(options: WidgetOptions, fallbackNetwork: string): Promise<Screen> {
  const network = selectNetwork(options.network ?? fallbackNetwork);
  const config = (await loadNetworks().catch(() => undefined))?.networks[network];
  const { tokens, fromToken, toToken } = widgetTokens(
    options,
    config ? Object.keys(config.tokens) : [],
    config?.defaultTokens ?? [],
  );
  const liquidityTab = liquidityTabShown(options.liquidityTab);
  return {
    network,
    widgetOptions: { tokens, fromToken, toToken, launchPad: options.launchPad },
    liquidityTab,
    lightBranding: options.lightBranding === true,
  };
}

async function start() {
  // Same origin as the site: the widget must not change the site's SELECTED_NETWORK.
  keepNetworkInPage();
  const rootEl = document.getElementById('root') as HTMLElement;
  const parentOrigin = detectParentOrigin(window);
  const { allowedHosts } = await widgetConfig();
  if (!isAllowedHost(parentOrigin, allowedHosts)) {
    // Not framed by a known partner: stay inert and post nothing.
    rootEl.setAttribute('data-widget-state', 'inactive');
    return;
  }
  // Every wallet action of the widget is asked of this host page (JMSwapFunction messages).
  await configureWidgetRelay(window, parentOrigin);
  configureChainServices({ widget: true, host: parentOrigin });
  forwardOperatorReports();
  // The widget's events count as the widget's (surface "widget"); the host page is not named.
  startAnalyticsSink();
  appEvents$.subscribe((event) => {
    if (event.type === 'connectWalletRequested') connectHostWallet();
  });
  await Promise.allSettled([registerRemotesFromConfig(WIDGET_REMOTES), loadNetworks()]);
  const root = createRoot(rootEl);
  rootEl.setAttribute('data-widget-state', 'waiting');
  const queryNetwork = new URLSearchParams(window.location.search).get('n') ?? 'TRON';
  let current: WidgetOptions | undefined;

  startWidgetHandshake(window, parentOrigin, async (raw) => {
    const parsed = parseWidgetOptions(raw);
    // After the first options, the host may change only the network and the slippage.
    const next: WidgetOptions = current
      ? {
          ...current,
          network: parsed.network ?? current.network,
          slippage: parsed.slippage ?? current.slippage,
        }
      : parsed;
    if (current && Object.keys(parsed).some((k) => k !== 'network' && k !== 'slippage'))
      console.warn('[widget] after the first options only network and slippage can change');
    const first = !current;
    current = next;
    const bps = slippageBpsOf(next);
    if (bps !== undefined && !setHostSlippage(bps))
      console.warn('[widget] option slippage ignored: out of range');
    const screen = await screenFor(next, queryNetwork);
    if (first) {
      // The wallet the visitor connected here before comes back, asked with no prompt, as the
      // site's does; a host whose SDK cannot ask that way is never asked on a page load.
      setHostRestores(next.hostFeatures?.includes('restore') === true);
      void restoreWalletSession();
      // The host's language, else the browser's: never the site's stored choice. Texts that
      // do not load leave the widget in English.
      const language = next.language ?? browserLanguage();
      if (language !== 'en')
        await showLanguage(language).catch((error: unknown) =>
          console.error(`[widget] the ${language} texts did not load`, error),
        );
      // 'auto' or none: the system's preference. Never the site's own stored choice (same
      // origin, same storage): the host decides.
      applyTheme(next.theme === 'light' || next.theme === 'dark' ? next.theme : systemTheme());
      applyWidgetStyle(document, next);
      // scrollHeight also counts an open token list that overflows the swap box.
      startHeightReports(window, parentOrigin, () =>
        Math.max(rootEl.scrollHeight, rootEl.getBoundingClientRect().height),
      );
    }
    rootEl.setAttribute('data-widget-state', 'ready');
    root.render(<WidgetApp screen={screen} />);
    if (first) trackEvent('ROUTE_WIDGET', { network: screen.network });
  });
}

void start();
