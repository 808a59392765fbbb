import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { chooseTheme, systemTheme, type Theme } from '../theme';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function themeInForce(): Theme {
  const chosen = document.documentElement.getAttribute('data-theme');
  return chosen === 'light' || chosen === 'dark' ? chosen : systemTheme();
}

/** The theme on <html data-theme> (prerendering: dark, the page picks the real one). */
export const useTheme = (): Theme => useSyncExternalStore(subscribe, themeInForce, () => 'dark');

/**
 * Switches between the light and dark themes: an icon beside the wallet on wide screens (the icon
 * comes from the stylesheet, so the prerendered page shows the right one), a line in the folded
 * phone menu. Each is named by the theme it switches to.
 */
export function ThemeToggle() {
  const { t } = useLingui();
  const next = useTheme() === 'light' ? 'dark' : 'light';
  const label = next === 'light' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <>
      <button
        type="button"
        className="jm-theme-toggle"
        aria-label={label}
        title={label}
        onClick={() => chooseTheme(next)}
      />
      <button type="button" className="jm-theme-menu" onClick={() => chooseTheme(next)}>
        {label}
      </button>
    </>
  );
}
