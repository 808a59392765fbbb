import {
  Component,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { setLoading } from '@jmswap/shared-chain';
import { FirstFrame } from '../firstFrame';
import { loadScreen } from './federation';
import { readVersionSkew } from './skew';
import type { RemoteKey } from './remotesFile';

const FEATURE_NAMES: Record<RemoteKey, string> = {
  swap: 'Swap',
  liquidity: 'Liquidity',
  charts: 'Charts',
  pools: 'Pools',
  listing: 'Token listing',
};

/** What the user reads when a feature cannot load; the raw error stays in the details. */
export const UNAVAILABLE: Record<RemoteKey, string> = {
  swap: 'Swap is unavailable right now',
  liquidity: 'Liquidity is unavailable right now',
  charts: 'Charts are unavailable right now',
  pools: 'Pools are unavailable right now',
  listing: 'Token listing is unavailable right now',
};

/** A remote built after the shell, against shared modules the page does not have yet. */
export const NEEDS_NEWER_SITE: Record<RemoteKey, string> = {
  swap: 'Swap needs a newer version of this site.',
  liquidity: 'Liquidity needs a newer version of this site.',
  charts: 'Charts need a newer version of this site.',
  pools: 'Pools need a newer version of this site.',
  listing: 'Token listing needs a newer version of this site.',
};

function RemoteFallback({
  remote,
  onRetry,
  detail,
  needsNewerSite = false,
}: {
  remote: RemoteKey;
  onRetry: () => void;
  detail?: string;
  needsNewerSite?: boolean;
}) {
  return (
    <div role="alert" className="jm-card jm-remote-error" data-remote-error={remote}>
      {needsNewerSite ? (
        <p>
          <strong>{NEEDS_NEWER_SITE[remote]}</strong> Reload the page; if it stays, the operators
          are told.
        </p>
      ) : (
        <p>
          <strong>{UNAVAILABLE[remote]}.</strong> The rest of JMSwap keeps working; try again in a
          moment.
        </p>
      )}
      {needsNewerSite ? (
        <button type="button" className="jm-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={onRetry}>
          Retry
        </button>
      )}
      {detail && (
        <details className="jm-muted jm-remote-details">
          <summary>Details</summary>
          <code>{detail}</code>
        </details>
      )}
    </div>
  );
}

class RenderBoundary extends Component<
  { remote: RemoteKey; onRetry: () => void; children: ReactNode },
  { error?: Error }
> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(
      `[jmswap] ${this.props.remote} crashed while rendering`,
      error,
      info.componentStack,
    );
    setLoading(false);
  }
  override render() {
    if (this.state.error)
      return (
        <RemoteFallback
          remote={this.props.remote}
          onRetry={this.props.onRetry}
          detail={this.state.error.message}
        />
      );
    return this.props.children;
  }
}

type LoadState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Screen: ComponentType<P> }
  | { status: 'failed'; message: string; needsNewerSite: boolean };

/**
 * One remote's area of the page. A remote that is down, slow or throws costs only this area:
 * it shows a message with Retry, and Retry reloads the remote without reloading the page.
 */
export function RemoteArea<P extends object>({
  remote,
  expose,
  props,
}: {
  remote: RemoteKey;
  expose: string;
  props: P;
}) {
  const firstFrame = useContext(FirstFrame);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<P>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadScreen<P>(remote, expose, attempt > 0).then(
      (Screen) => live && setState({ status: 'ready', Screen }),
      (error: unknown) => {
        if (!live) return;
        console.error(`[jmswap] ${remote} failed to load`, error);
        setLoading(false);
        const message = error instanceof Error ? error.message : String(error);
        setState({
          status: 'failed',
          message,
          needsNewerSite: !!readVersionSkew(message)?.needsNewerSite,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, expose, attempt]);

  const retry = () => setAttempt((a) => a + 1);
  if (state.status === 'loading')
    return (
      <div className="jm-card jm-muted" aria-busy="true">
        {firstFrame ? 'Loading...' : `Loading ${FEATURE_NAMES[remote]}...`}
      </div>
    );
  if (state.status === 'failed')
    return (
      <RemoteFallback
        remote={remote}
        onRetry={retry}
        detail={state.message}
        needsNewerSite={state.needsNewerSite}
      />
    );
  const { Screen } = state;
  return (
    <RenderBoundary key={attempt} remote={remote} onRetry={retry}>
      <Screen {...props} />
    </RenderBoundary>
  );
}
