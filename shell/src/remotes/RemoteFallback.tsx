import { readVersionSkew } from './skew';
import type { RemoteKey } from './remotesFile';

export interface FallbackProps {
  remote: RemoteKey;
  onRetry: () => void;
  /** The raw error, shown in the collapsed details (and read for a version skew). */
  detail?: string;
}

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

export default function RemoteFallback({ remote, onRetry, detail }: FallbackProps) {
  // A remote built for a newer site (version skew) asks for a reload, not a retry.
  const needsNewerSite = !!(detail && readVersionSkew(detail)?.needsNewerSite);
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
