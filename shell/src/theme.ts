// Light or dark: <html data-theme> picks the design tokens' set
// (@jmswap/shared-chain/theme/tokens.css). The visitor's choice is remembered; until there is
// one, the system's preference decides. The page's inline head script (headStart.ts) sets it
// before the first paint; nothing here may import React (that script must stay a few bytes).
export type Theme = 'light' | 'dark';

/** localStorage key of the visitor's choice. */
export const THEME_KEY = 'JMSWAP_THEME';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The stored choice; anything else in storage (edited, corrupt, unreadable) counts as none. */
export function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The system's preference: light only when it says so (dark is the site's original look). */
export const systemTheme = (): Theme =>
  globalThis.matchMedia?.(LIGHT_QUERY).matches ? 'light' : 'dark';

export const applyTheme = (theme: Theme) =>
  document.documentElement.setAttribute('data-theme', theme);

/** Sets the theme in force: the stored choice, else the system's. */
export function pickTheme(): void {
  applyTheme(storedTheme() ?? systemTheme());
}

/** The visitor's choice: shown at once and remembered. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage refused (private mode, quota): the choice lasts for this page
  }
  applyTheme(theme);
}

/** Follows the system's preference while there is no choice, and a choice made in another tab. */
export function keepThemeCurrent(): () => void {
  const query = globalThis.matchMedia?.(LIGHT_QUERY);
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_KEY || e.key === null) pickTheme();
  };
  query?.addEventListener('change', pickTheme);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', pickTheme);
    window.removeEventListener('storage', onStorage);
  };
}
