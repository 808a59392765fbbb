import {
  Component,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { setLoading } from '@jmswap/shared-chain';
import { FirstFrame } from '../firstFrame';
import { onDemand, useOnDemand } from '../layout/onDemand';
import { loadScreen, takeStartedScreen } from './federation';
import type { FallbackProps } from './RemoteFallback';
import type { RemoteKey } from './remotesFile';

/** "Loading Swap..." and the rest, whole: a name alone would not translate well. */
const LOADING: Record<RemoteKey, MessageDescriptor> = {
  swap: msg`Loading Swap...`,
  liquidity: msg`Loading Liquidity...`,
  charts: msg`Loading Charts...`,
  pools: msg`Loading Pools...`,
  listing: msg`Loading Token listing...`,
};

function OfflineFallback({ remote, onRetry }: FallbackProps) {
  const { t } = useLingui();
  return (
    <div role="alert" className="jm-card jm-remote-error" data-remote-error={remote}>
      <p>{t`This part of JMSwap could not load.`}</p>
      <button type="button" className="jm-button" onClick={onRetry}>
        {t`Retry`}
      </button>
    </div>
  );
}

/**
 * The message a failed area shows: its own chunk, fetched only when a remote fails, so pages
 * without a failure (most of them) do not download it. Shown as soon as it has arrived
 * (onDemand.ts: React.lazy's Suspense reveal held it 0.3-0.8 s more). If even that chunk cannot
 * load (the site itself is offline), a line of text with Retry stands in.
 */
const remoteFallback = onDemand('the remote-fallback chunk', () =>
  import(/* webpackChunkName: "remote-fallback" */ './RemoteFallback').then((m) => m.default),
);

/** How long after the browser's `online` event a failed area loads again by itself. */
export const ONLINE_SETTLE_MS = 2000;

/**
 * Back online, a failed area loads again by itself a moment later (the first requests right
 * then still fail), as if Retry were pressed: the page opened during a dropped connection heals.
 */
function useRetryWhenOnline(retry: () => void) {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const online = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), ONLINE_SETTLE_MS);
    };
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, []);
}

function Fallback(props: FallbackProps) {
  useRetryWhenOnline(props.onRetry);
  const [offline, setOffline] = useState(false);
  const Message = useOnDemand(remoteFallback, true, () => setOffline(true));
  if (offline) return <OfflineFallback {...props} />;
  return Message ? <Message {...props} /> : null;
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
        <Fallback
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
  | { status: 'failed'; message: string };

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
  const { t, i18n } = useLingui();
  const firstFrame = useContext(FirstFrame);
  const [attempt, setAttempt] = useState(0);
  // The route's screen may have started loading at boot, and even arrived.
  const [early] = useState(() => takeStartedScreen<P>(remote, expose));
  const [state, setState] = useState<LoadState<P>>(() =>
    early?.Screen ? { status: 'ready', Screen: early.Screen } : { status: 'loading' },
  );
  useEffect(() => {
    let live = true;
    const begun = attempt === 0 && early?.remote === remote && early.expose === expose;
    const arrived = begun ? early.Screen : undefined;
    if (arrived) {
      // Arrived before the first render (drawn in it) or just after.
      startTransition(() =>
        setState((now) => (now.status === 'ready' ? now : { status: 'ready', Screen: arrived })),
      );
      return;
    }
    setState({ status: 'loading' });
    (begun ? early.promise : loadScreen<P>(remote, expose, attempt > 0)).then(
      // The screen's first render in slices (a transition) instead of one long task.
      (Screen) => live && startTransition(() => setState({ status: 'ready', Screen })),
      (error: unknown) => {
        if (!live) return;
        console.error(`[jmswap] ${remote} failed to load`, error);
        setLoading(false);
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, expose, attempt, early]);

  const retry = () => setAttempt((a) => a + 1);
  if (state.status === 'loading')
    return (
      <div className="jm-card jm-muted" aria-busy="true">
        {firstFrame ? t`Loading...` : i18n._(LOADING[remote])}
      </div>
    );
  if (state.status === 'failed')
    return <Fallback remote={remote} onRetry={retry} detail={state.message} />;
  const { Screen } = state;
  return (
    <RenderBoundary key={attempt} remote={remote} onRetry={retry}>
      <Screen {...props} />
    </RenderBoundary>
  );
}
