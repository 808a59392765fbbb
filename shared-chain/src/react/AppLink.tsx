import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * Moves the page to `href`, a path of this site, without loading it again: the shell's router
 * (wouter) follows history.pushState. A page load would end the wallet session of every wallet
 * but WalletConnect, whose session survives it.
 */
function navigateInApp(href: string): void {
  window.history.pushState(null, '', href);
  window.scrollTo({ top: 0 });
}

/** A plain click (no new tab, no modifier key) on a link that opens in this page. */
const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey;

/**
 * A link from a remote to another page of the site (a pair's chart, adding liquidity): a plain
 * click moves the page in place, so the wallet stays connected; a middle click or Ctrl-click
 * still opens a new tab, and the address is a real one to copy.
 */
export function AppLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!plainClick(event) || (rest.target !== undefined && rest.target !== '_self')) return;
        event.preventDefault();
        navigateInApp(href);
      }}
    />
  );
}
