import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  activateLanguage,
  appEvents$,
  currentLanguage,
  LANGUAGE_KEY,
  registerCatalog,
  type AppEvent,
  type NetworkConfig,
  type RecentTransactionsModule,
} from '@jmswap/shared-chain';
import { keepLanguageCurrent, startLanguage } from './language';
import { Header } from './layout/Header';
import { RecentTransactionsPanel } from './layout/RecentTransactions';
import { HelpPage } from './pages/HelpPage';
import { RouteError } from './pages/RouteError';
import RemoteFallback from './remotes/RemoteFallback';

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await act(() => activateLanguage('en'));
  document.documentElement.setAttribute('lang', 'en');
});

describe('the language menu', () => {
  it('lists each language by its own name, switches the header to Chinese and remembers it', async () => {
    render(<Header />);
    const menu = screen.getAllByRole('combobox', { name: 'Language' })[0] as HTMLSelectElement;
    expect([...menu.options].map((o) => o.textContent)).toEqual(['English', '简体中文']);
    await userEvent.selectOptions(menu, 'zh-CN');
    expect(await screen.findByRole('button', { name: '连接钱包' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '图表' }).length).toBeGreaterThan(0);
    // Network names stay as they are.
    expect(screen.getByRole('tab', { name: 'TRON' })).toBeInTheDocument();
    expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh-CN');
    expect(screen.getAllByRole('combobox', { name: '语言' })[0]).toHaveValue('zh-CN');
  });

  it('?lang=zh-CN shows Chinese for the page without storing it; another tab’s choice is followed', async () => {
    await act(() => startLanguage('?lang=zh-CN'));
    expect(currentLanguage()).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
    await act(() => activateLanguage('en'));
    const stop = keepLanguageCurrent('');
    localStorage.setItem(LANGUAGE_KEY, 'zh-CN');
    render(<RouteError status={404} />);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_KEY }));
    });
    // The catalogue loads, then the page re-renders in Chinese: findBy waits for it.
    expect(await screen.findByText('此页面不存在。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回兑换' })).toBeInTheDocument();
    stop();
  });
});

it('help page in Chinese: the steps, with CONNECT WALLET and token names as the page shows them', async () => {
  await act(() => activateLanguage('zh-CN'));
  render(<HelpPage />);
  expect(screen.getByRole('heading', { name: '如何兑换' })).toBeInTheDocument();
  expect(screen.getByText(/TRON 上用 TronLink/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '将 JM 代币添加到 TronLink' })).toBeInTheDocument();
});

it('a remote that cannot load says so in Chinese, the raw error kept as it is', async () => {
  await act(() => activateLanguage('zh-CN'));
  render(<RemoteFallback remote="swap" onRetry={() => undefined} detail="RUNTIME-003" />);
  expect(screen.getByText('兑换暂时无法使用。')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  expect(screen.getByText('RUNTIME-003')).toBeInTheDocument();
});

it('recent transactions in Chinese: kind and status translated, amounts and symbols kept, the date in Chinese', async () => {
  await act(() => activateLanguage('zh-CN'));
  const item = {
    hash: `0x${'1'.padStart(64, '0')}`,
    kind: 'Swap',
    summary: '1 BNB → min 2 JM',
    time: Date.UTC(2026, 10, 25, 12),
    status: 'confirmed',
  };
  const recent = {
    useRecentTransactions: () => ({
      items: [item],
      network: { id: 'BSC', platform: 'evm', scan: 'https://bscscan.com/tx/' } as NetworkConfig,
      account: '0xa',
      now: item.time,
    }),
    isStuck: () => false,
  } as unknown as RecentTransactionsModule;
  render(<RecentTransactionsPanel recent={recent} />);
  expect(screen.getByRole('heading', { name: '最近交易' })).toBeInTheDocument();
  const row = screen.getByTestId('recent-transaction');
  expect(row).toHaveTextContent('兑换');
  expect(row).toHaveTextContent('已确认');
  expect(row).toHaveTextContent('1 BNB → min 2 JM');
  expect(row).toHaveTextContent('11月');
  expect(screen.getByRole('link', { name: '在浏览器中查看' })).toBeInTheDocument();
});

it('a language whose texts do not load keeps the page as it was and says so in its language', async () => {
  const events: AppEvent[] = [];
  const sub = appEvents$.subscribe((e) => events.push(e));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // Another app's catalogue that cannot be fetched (offline), then can again.
  let offline = true;
  void registerCatalog('offline-app', async () => {
    if (offline) throw new Error('offline');
    return { messages: {} };
  });
  render(<Header />);
  const menu = screen.getAllByRole('combobox', { name: 'Language' })[0] as HTMLElement;
  await userEvent.selectOptions(menu, 'zh-CN');
  await waitFor(() =>
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'toast',
        kind: 'error',
        text: 'The texts for 简体中文 did not load. Check your connection and try again.',
      }),
    ),
  );
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeInTheDocument();
  expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();

  // A page that starts in Chinese (the head script named it on <html>) whose texts do not load:
  // English, and said so in lang.
  localStorage.setItem(LANGUAGE_KEY, 'zh-CN');
  document.documentElement.setAttribute('lang', 'zh-CN');
  await act(() => startLanguage(''));
  expect(currentLanguage()).toBe('en');
  expect(document.documentElement.getAttribute('lang')).toBe('en');
  offline = false;
  sub.unsubscribe();
});
