import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './ThemeToggle';
import { THEME_KEY } from '../theme';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.setAttribute('data-theme', 'dark');
});

describe('ThemeToggle', () => {
  it('says which theme it switches to, switches and remembers it', async () => {
    render(<ThemeToggle />);
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Switch to light theme' })[0] as HTMLElement,
    );
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(screen.getAllByRole('button', { name: 'Switch to dark theme' })).toHaveLength(2);
  });

  it('follows a theme set elsewhere (another tab, the system)', async () => {
    render(<ThemeToggle />);
    await act(async () => document.documentElement.setAttribute('data-theme', 'light'));
    expect(screen.getAllByRole('button', { name: 'Switch to dark theme' })).toHaveLength(2);
  });
});
