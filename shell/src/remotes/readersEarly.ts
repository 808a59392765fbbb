/**
 * The swap page's first pool read, preloaded by the html's head script: the shell's warm read
 * (warmReads.ts) and the chain reader of the page's network, whose files the html names
 * (`<meta name="jm-preload-swap|tron|evm">`, mf-config/src/preload-boot.js). Without this they
 * start downloading only once the shell has booted and read networks.json. Kept free of shared
 * modules, as it is inline in every html page; the network is walletEarly.ts' mirror of routes.ts'
 * `resolveRouteNetwork`, for the one route that reads the chain at boot (CHAIN_READING_ROUTES:
 * the swap page). A wrong guess costs one unused preload, never a wrong read.
 */
import { routeNetworkAt } from '../walletEarly';

/**
 * The network whose pools the page at `pathname` reads at boot: the swap page's (`n` when given,
 * an unknown one being TRON, else the stored network, else TRON); none on the other routes.
 */
export function swapNetworkAt(pathname: string, search: string, stored: string | null) {
  if ((pathname.replace(/\/+$/, '') || '/') !== '/') return undefined;
  return routeNetworkAt('/', search, stored);
}

export interface ReadFiles {
  swap: string[];
  tron: string[];
  evm: string[];
}

/** The files the page's first pool read needs (none off the swap page). */
export function readFilesFor(
  files: ReadFiles,
  pathname: string,
  search: string,
  stored: string | null,
): string[] {
  const network = swapNetworkAt(pathname, search, stored);
  if (!network) return [];
  return [...files.swap, ...(network === 'TRON' ? files.tron : files.evm)];
}

const listed = (kind: keyof ReadFiles) =>
  (document.querySelector(`meta[name="jm-preload-${kind}"]`)?.getAttribute('content') ?? '')
    .split(' ')
    .filter(Boolean);

/** Preloads the swap page's first read (the shell's own chunks: same origin, no integrity). */
export function preloadFirstRead(stored: string | null): void {
  const files = { swap: listed('swap'), tron: listed('tron'), evm: listed('evm') };
  for (const href of readFilesFor(files, location.pathname, location.search, stored)) {
    const link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'script');
    link.setAttribute('href', href);
    document.head.appendChild(link);
  }
}
