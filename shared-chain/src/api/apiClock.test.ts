import { apiNow, learnApiClock } from './apiClock';
import { clearHistoryCache, fetchCandles } from './history';

const HOUR = 3_600_000;
const httpDate = (ms: number) => new Date(ms).toUTCString();

afterEach(() => learnApiClock(httpDate(Date.now())));

it("takes the api's time where this device's clock is hours off it, and only then", () => {
  const device = Date.now();
  // The device is 3 h behind the api (a time zone taken for UTC).
  learnApiClock(httpDate(device + 3 * HOUR), device);
  expect(Math.abs(apiNow() - (device + 3 * HOUR))).toBeLessThan(2_000);
  // A few minutes apart: a cached answer's age, or a clock that drifts; the device's own time.
  learnApiClock(httpDate(device - 8 * 60_000), device);
  expect(Math.abs(apiNow() - device)).toBeLessThan(1_000);
  // Days apart, or no usable header: not believed.
  learnApiClock(httpDate(device + 30 * 24 * HOUR), device);
  expect(Math.abs(apiNow() - device)).toBeLessThan(1_000);
  learnApiClock(httpDate(device + 3 * HOUR), device);
  learnApiClock('not a date', device);
  learnApiClock(null, device);
  expect(Math.abs(apiNow() - (device + 3 * HOUR))).toBeLessThan(2_000);
});

it("learns it from the history api's answers", async () => {
  clearHistoryCache();
  const ahead = Date.now() + 5 * HOUR;
  const fetchImpl = (async () =>
    new Response('[]', { headers: { Date: httpDate(ahead) } })) as unknown as typeof fetch;
  await fetchCandles('http://api.test/', 'TRON', '1m', 'TRX', 'JM', { fetchImpl });
  expect(Math.abs(apiNow() - ahead)).toBeLessThan(2_000);
});
