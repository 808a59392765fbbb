// The charts' colours come from the page's design tokens (@jmswap/shared-chain/theme/tokens.css),
// read when a chart renders: Highcharts draws SVG with colour values, not CSS variables, so a
// theme change has to render the chart again (useChartTheme).
import { useMemo, useSyncExternalStore } from 'react';

export interface ChartColours {
  text: string;
  grid: string;
  up: string;
  down: string;
  line: string;
}

const TOKENS: Record<keyof ChartColours, string> = {
  text: '--muted',
  grid: '--line',
  up: '--up',
  down: '--down',
  line: '--chart-line',
};

/** The tokens' values in force on `element` (a token the page lacks: undefined, Highcharts' own). */
export function chartColours(element: Element = document.documentElement): Partial<ChartColours> {
  const style = getComputedStyle(element);
  const colours: Partial<ChartColours> = {};
  for (const [key, token] of Object.entries(TOKENS)) {
    const value = style.getPropertyValue(token).trim();
    if (value) colours[key as keyof ChartColours] = value;
  }
  return colours;
}

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The theme in force: <html data-theme>, else (a standalone page) the system's preference. */
export function currentTheme(): string {
  const chosen = document.documentElement.getAttribute('data-theme');
  if (chosen) return chosen;
  return window.matchMedia?.(LIGHT_QUERY).matches ? 'light' : 'dark';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const query = window.matchMedia?.(LIGHT_QUERY);
  query?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', onChange);
  };
}

/** The chart colours of the theme in force; a new object (and a re-render) when it changes. */
export function useChartTheme(): Partial<ChartColours> {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'dark');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the tokens change with the theme
  return useMemo(() => chartColours(), [theme]);
}
