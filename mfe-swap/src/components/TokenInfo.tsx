import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useDismiss, type TokenConfig } from '@jmswap/shared-chain';

/** Only a web address becomes a link: the network file is loaded, not trusted. */
export const websiteHref = (www: string | undefined): string | undefined => {
  if (!www) return undefined;
  try {
    const url = new URL(www);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The token's description and website behind an "i". A tap or click opens them in a bubble:
 * a title tooltip alone never shows on a touch screen or to the keyboard. Escape, a tap
 * elsewhere or the "i" again closes it.
 */
export function TokenInfo({ token }: { token: TokenConfig }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const bubbleId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [token.address]);
  useDismiss(open, () => setOpen(false), {
    returnTo: button,
    inside: (target) => root.current?.contains(target) === true,
  });
  if (!token.description && !token.www) return null;
  const symbol = token.symbol;
  const href = websiteHref(token.www);
  return (
    <span className="jm-info-wrap" ref={root}>
      <button
        ref={button}
        type="button"
        className="jm-info"
        title={open ? undefined : [token.description, token.www].filter(Boolean).join(' ')}
        aria-label={t`About ${symbol}`}
        aria-expanded={open}
        aria-controls={open ? bubbleId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">i</span>
      </button>
      {open && (
        <span id={bubbleId} className="jm-info-bubble" role="note">
          {token.description && <span>{token.description}</span>}
          {token.www &&
            (href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {token.www}
              </a>
            ) : (
              <span>{token.www}</span>
            ))}
        </span>
      )}
    </span>
  );
}
