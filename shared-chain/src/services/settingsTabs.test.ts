/**
 * @jest-environment jest-fixed-jsdom
 */
import {
  DEADLINE_STORAGE_KEY,
  SLIPPAGE_STORAGE_KEY,
  getApprovalMode,
  getDeadlineMinutes,
  getSlippageBps,
  reloadSettingsForTests,
  setHostSlippage,
  setSlippageBps,
} from './settings';

/** Another tab of the site writes a setting: the browser tells this page with a storage event. */
function otherTab(key: string | null, value?: string) {
  if (key === null) localStorage.clear();
  else if (value !== undefined) localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value ?? null }));
}

beforeEach(() => {
  localStorage.clear();
  reloadSettingsForTests();
});

it('a slippage or deadline set in another tab applies to this tab’s next swap', () => {
  setSlippageBps(300);
  otherTab(SLIPPAGE_STORAGE_KEY, '10');
  expect(getSlippageBps()).toBe(10);
  otherTab(DEADLINE_STORAGE_KEY, '20');
  expect(getDeadlineMinutes()).toBe(20);
});

it('a value another tab leaves invalid or clears reads as the default, never as given', () => {
  otherTab(SLIPPAGE_STORAGE_KEY, '-5');
  expect(getSlippageBps()).toBe(500);
  otherTab(DEADLINE_STORAGE_KEY, '1e9');
  expect(getDeadlineMinutes()).toBe(5);
  setSlippageBps(30);
  otherTab(null);
  expect([getSlippageBps(), getApprovalMode()]).toEqual([500, 'max']);
});

it('inside the widget the host’s slippage stays whatever the site’s tabs set', () => {
  setHostSlippage(50);
  otherTab(SLIPPAGE_STORAGE_KEY, '10');
  expect(getSlippageBps()).toBe(50);
});
