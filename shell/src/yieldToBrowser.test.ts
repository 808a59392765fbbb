import { yieldToBrowser } from './yieldToBrowser';

const scheduler = globalThis as { scheduler?: { yield?: () => Promise<void> } };

afterEach(() => {
  delete scheduler.scheduler;
});

it('does not resume within the task that yields', async () => {
  let resumed = false;
  void yieldToBrowser().then(() => (resumed = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  expect(resumed).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(resumed).toBe(true);
});

it("uses the browser's scheduler.yield where it has one", async () => {
  const yielded = jest.fn(() => Promise.resolve());
  scheduler.scheduler = { yield: yielded };
  await yieldToBrowser();
  expect(yielded).toHaveBeenCalledTimes(1);
});
