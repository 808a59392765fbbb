import {
  DEADLINE_STORAGE_KEY,
  deadlineFromNow,
  getDeadlineMinutes,
  setDeadlineMinutes,
  APPROVAL_MODE_STORAGE_KEY,
  SLIPPAGE_STORAGE_KEY,
  getApprovalMode,
  getSlippageBps,
  reloadSettingsForTests,
  setApprovalMode,
  setHostSlippage,
  setSlippageBps,
  slippageBps$,
} from './settings';

const store = new Map<string, string>();
beforeAll(() => {
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
});
afterAll(() => delete (globalThis as { localStorage?: unknown }).localStorage);
beforeEach(() => {
  store.clear();
  reloadSettingsForTests();
});

it('defaults to 5% slippage and maximum approval', () => {
  expect(getSlippageBps()).toBe(500);
  expect(getApprovalMode()).toBe('max');
});

it("keeps the user's slippage and approval mode across page loads", () => {
  expect(setSlippageBps(100)).toBe(true);
  setApprovalMode('exact');
  store.set('unrelated', 'x');
  reloadSettingsForTests();
  expect(getSlippageBps()).toBe(100);
  expect(getApprovalMode()).toBe('exact');
});

it('refuses slippage outside 0.01%..50% and ignores a tampered stored value', () => {
  expect(setSlippageBps(5001)).toBe(false);
  expect(setSlippageBps(0)).toBe(false);
  expect(setSlippageBps(1.5)).toBe(false);
  expect(getSlippageBps()).toBe(500);
  store.set(SLIPPAGE_STORAGE_KEY, '9000');
  store.set(APPROVAL_MODE_STORAGE_KEY, 'everything');
  reloadSettingsForTests();
  expect(getSlippageBps()).toBe(500);
  expect(getApprovalMode()).toBe('max');
});

it("the widget host's slippage applies without touching the site's stored choice", () => {
  setSlippageBps(100);
  const seen: number[] = [];
  const sub = slippageBps$.subscribe((bps) => seen.push(bps));
  expect(setHostSlippage(5001)).toBe(false);
  expect(setHostSlippage(300)).toBe(true);
  setSlippageBps(200); // the user's change inside the widget: this page only
  sub.unsubscribe();
  expect(seen).toEqual([100, 300, 200]);
  expect(store.get(SLIPPAGE_STORAGE_KEY)).toBe('100');
});

describe('the transaction deadline', () => {
  it("defaults to the spec's 5 minutes; 1 to 180 whole minutes are kept, anything else refused", () => {
    expect(getDeadlineMinutes()).toBe(5);
    expect(deadlineFromNow(1_000_000)).toBe(1_000n + 300n);
    for (const bad of [0, 181, 2.5, -1, Number.NaN]) expect(setDeadlineMinutes(bad)).toBe(false);
    expect(setDeadlineMinutes(180)).toBe(true);
    expect(deadlineFromNow(1_000_000)).toBe(1_000n + 10_800n);
    expect(store.get(DEADLINE_STORAGE_KEY)).toBe('180');
    expect(setDeadlineMinutes(1)).toBe(true);
    expect(getDeadlineMinutes()).toBe(1);
  });

  it('a stored value out of range (hand-edited storage) falls back to 5 minutes', () => {
    store.set(DEADLINE_STORAGE_KEY, '999');
    reloadSettingsForTests();
    expect(getDeadlineMinutes()).toBe(5);
    store.set(DEADLINE_STORAGE_KEY, '30');
    reloadSettingsForTests();
    expect(getDeadlineMinutes()).toBe(30);
  });
});
