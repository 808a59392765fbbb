import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { readVersionSkew } from './skew';
import type { RemoteKey } from './remotesFile';

export interface FallbackProps {
  remote: RemoteKey;
  onRetry: () => void;
  /** The raw error, shown in the collapsed details (and read for a version skew). */
  detail?: string;
}

/** What the user reads when a feature cannot load; the raw error stays in the details. */
export const UNAVAILABLE: Record<RemoteKey, MessageDescriptor> = {
  swap: msg`Swap is unavailable right now.`,
  liquidity: msg`Liquidity is unavailable right now.`,
  charts: msg`Charts are unavailable right now.`,
  pools: msg`Pools are unavailable right now.`,
  listing: msg`Token listing is unavailable right now.`,
};

/** A remote built after the shell, against shared modules the page does not have yet. */
export const NEEDS_NEWER_SITE: Record<RemoteKey, MessageDescriptor> = {
  swap: msg`Swap needs a newer version of this site.`,
  liquidity: msg`Liquidity needs a newer version of this site.`,
  charts: msg`Charts need a newer version of this site.`,
  pools: msg`Pools need a newer version of this site.`,
  listing: msg`Token listing needs a newer version of this site.`,
};

export default function RemoteFallback({ remote, onRetry, detail }: FallbackProps) {
  const { t, i18n } = useLingui();
  // A remote built for a newer site (version skew) asks for a reload, not a retry.
  const needsNewerSite = !!(detail && readVersionSkew(detail)?.needsNewerSite);
  return (
    <div role="alert" className="jm-card jm-remote-error" data-remote-error={remote}>
      {needsNewerSite ? (
        <p>
          <strong>{i18n._(NEEDS_NEWER_SITE[remote])}</strong>{' '}
          {t`Reload the page; if it stays, the operators are told.`}
        </p>
      ) : (
        <p>
          <strong>{i18n._(UNAVAILABLE[remote])}</strong>{' '}
          {t`The rest of JMSwap keeps working; try again in a moment.`}
        </p>
      )}
      {needsNewerSite ? (
        <button type="button" className="jm-button" onClick={() => window.location.reload()}>
          {t`Reload`}
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={onRetry}>
          {t`Retry`}
        </button>
      )}
      {detail && (
        <details className="jm-muted jm-remote-details">
          <summary>{t`Details`}</summary>
          <code>{detail}</code>
        </details>
      )}
    </div>
  );
}
