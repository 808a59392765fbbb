import { act, render, screen } from '@testing-library/react';
import { currentLanguage, LANGUAGE_KEY, registerCatalog } from '@jmswap/shared-chain';
import { startLanguage } from './language';
import { Toasts } from './layout/Overlays';
import { RouteError } from './pages/RouteError';

// Its own file: the toasts raised before the first render are kept by Overlays' module until
// Toasts is first drawn, as on a page load.
it('a page that starts in Chinese whose texts do not load says so in Chinese and English once drawn, and turns Chinese when the connection is back', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let offline = true;
  void registerCatalog('offline-app', async () => {
    if (offline) throw new Error('offline');
    return { messages: {} };
  });
  localStorage.setItem(LANGUAGE_KEY, 'zh-CN');
  await act(() => startLanguage(''));
  expect(currentLanguage()).toBe('en');

  // The page's first render comes after the failure: the toast is shown all the same.
  render(
    <>
      <Toasts />
      <RouteError status={404} />
    </>,
  );
  const toast = await screen.findByText(/^简体中文文字未能加载/);
  expect(toast).toHaveTextContent(
    '简体中文文字未能加载，页面暂以英文显示；网络恢复后会自动切换为中文。 The 简体中文 texts did not load, so the page is in English. It switches once your connection is back.',
  );
  expect(screen.getByText('This page does not exist.')).toBeInTheDocument();

  offline = false;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('此页面不存在。')).toBeInTheDocument();
  expect(currentLanguage()).toBe('zh-CN');
  expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
});
