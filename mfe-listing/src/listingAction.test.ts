import { LISTING_ANSWER_MS, submitListing } from './listingAction';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('a listing api that takes the form and never answers is an Oops after 20 s, not a wait without end', async () => {
  jest.useFakeTimers();
  const signals: AbortSignal[] = [];
  global.fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init.signal as AbortSignal);
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  ) as unknown as typeof fetch;
  const outcome = submitListing('https://api.example.test/v1/listing', new FormData());
  await jest.advanceTimersByTimeAsync(LISTING_ANSWER_MS - 1);
  expect(signals[0]?.aborted).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(await outcome).toEqual({ kind: 'oops' });
  expect(console.error).toHaveBeenCalled();
});
