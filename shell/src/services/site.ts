/**
 * The deployment's site settings, `/config/site.json` (served beside networks.json, read when a
 * page first needs it, never at boot): the deck the info page links to, and where analytics go.
 * Every field is optional; a missing file, bad JSON or a bad field leaves that setting at its
 * default (no deck link; analytics to the product api), said once in the console. The server's
 * CSP reads the same file (mf-config/src/csp.js): a third-party analytics script's origin is
 * then allowed, exactly.
 *
 * {
 *   "deckUrl": "https://example.com/jmswap-deck.pdf",
 *   "analytics": { "provider": "api" }            // the default: POST {api}/v1/events
 *             | { "provider": "off" }
 *             | { "provider": "script", "scriptUrl": "https://plausible.io/js/script.js",
 *                 "siteId": "jmswap.example" }     // a Plausible- or Umami-style script
 * }
 */
import { useEffect, useState } from 'react';

export const SITE_URL = '/config/site.json';

export type AnalyticsSetting =
  | { provider: 'api' }
  | { provider: 'off' }
  | { provider: 'script'; scriptUrl: string; siteId: string };

export interface SiteConfig {
  deckUrl?: string;
  analytics: AnalyticsSetting;
}

export const DEFAULT_SITE: SiteConfig = { analytics: { provider: 'api' } };

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** An https url (http on this machine, for local stacks), or undefined. */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  try {
    const url = new URL(value);
    const ok =
      url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
    return ok && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The deck: a web url or a path on this site ("/assets/deck.pdf"). */
const deckUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\/[^/\\]/.test(value) && value.length <= 300
    ? value
    : webUrl(value);

const SITE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

function analyticsOf(value: unknown, problems: string[]): AnalyticsSetting {
  if (value === undefined) return DEFAULT_SITE.analytics;
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (v.provider === 'api' || v.provider === 'off') return { provider: v.provider };
  if (v.provider === 'script') {
    const scriptUrl = webUrl(v.scriptUrl);
    const siteId = typeof v.siteId === 'string' && SITE_ID.test(v.siteId) ? v.siteId : undefined;
    if (scriptUrl && siteId) return { provider: 'script', scriptUrl, siteId };
  }
  problems.push('analytics');
  return DEFAULT_SITE.analytics;
}

/** What site.json says, each bad field at its default (`problems` names them). */
export function parseSiteConfig(raw: unknown): { site: SiteConfig; problems: string[] } {
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { site: DEFAULT_SITE, problems: ['the file'] };
  const file = raw as Record<string, unknown>;
  const deck = file.deckUrl === undefined ? undefined : deckUrl(file.deckUrl);
  if (file.deckUrl !== undefined && deck === undefined) problems.push('deckUrl');
  return {
    site: { ...(deck ? { deckUrl: deck } : {}), analytics: analyticsOf(file.analytics, problems) },
    problems,
  };
}

let loaded: Promise<SiteConfig> | undefined;

/** The site settings, read once per page. */
export function siteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  loaded ??= fetchImpl(SITE_URL, { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      if (res.status === 404) return DEFAULT_SITE;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const { site, problems } = parseSiteConfig(await res.json());
      if (problems.length > 0)
        console.warn(`[jmswap] ${SITE_URL}: ${problems.join(', ')} not valid; the default is used`);
      return site;
    })
    .catch((error: unknown) => {
      console.warn(`[jmswap] ${SITE_URL} not read; the defaults are used`, error);
      return DEFAULT_SITE;
    });
  return loaded;
}

/** Tests: read the file again. */
export function resetSiteConfigForTests(): void {
  loaded = undefined;
}

/** The site settings once read (undefined until then). */
export function useSiteConfig(): SiteConfig | undefined {
  const [site, setSite] = useState<SiteConfig>();
  useEffect(() => {
    let live = true;
    void siteConfig().then((s) => live && setSite(s));
    return () => {
      live = false;
    };
  }, []);
  return site;
}
