import { chooseTheme, keepThemeCurrent, pickTheme, storedTheme, THEME_KEY } from './theme';

/** A system whose preference the test sets (jsdom has no matchMedia). */
function system(light: boolean) {
  const listeners: (() => void)[] = [];
  const query = {
    get matches() {
      return light;
    },
    addEventListener: (_: string, f: () => void) => listeners.push(f),
    removeEventListener: () => undefined,
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    change(toLight: boolean) {
      light = toLight;
      listeners.forEach((f) => f());
    },
  };
}

const theme = () => document.documentElement.getAttribute('data-theme');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('theme', () => {
  it('follows the system on a first visit', () => {
    system(true);
    pickTheme();
    expect(theme()).toBe('light');
    system(false);
    pickTheme();
    expect(theme()).toBe('dark');
  });

  it('remembers a choice over the system', () => {
    system(true);
    chooseTheme('dark');
    expect(theme()).toBe('dark');
    document.documentElement.removeAttribute('data-theme');
    pickTheme();
    expect(theme()).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });

  it.each(['sepia', '"light"', '', 'LIGHT'])('ignores a stored %j', (value) => {
    system(true);
    localStorage.setItem(THEME_KEY, value);
    expect(storedTheme()).toBeUndefined();
    pickTheme();
    expect(theme()).toBe('light');
  });

  it('follows a change of the system only while nothing is chosen', () => {
    const os = system(false);
    pickTheme();
    const stop = keepThemeCurrent();
    os.change(true);
    expect(theme()).toBe('light');
    chooseTheme('dark');
    os.change(true);
    expect(theme()).toBe('dark');
    stop();
  });
});
