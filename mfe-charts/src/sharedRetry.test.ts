import { forgetFailedShareLoads } from './sharedRetry';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it("forgets a shared module's failed load, so the next import asks again; other loads stay", async () => {
  const failed = Promise.reject(new Error('Loading chunk 7531 failed.'));
  failed.catch(() => undefined);
  let finish: (lib: unknown) => void = () => undefined;
  const underWay = new Promise((resolve) => (finish = resolve));
  const done = Promise.resolve({});
  const scopes = {
    default: {
      highcharts: {
        '12.6.2': { loaded: false, lib: null, loading: failed },
        '11.4.0': { loaded: false, lib: null, loading: underWay },
        '10.0.0': { loaded: true, lib: {}, loading: done },
      },
      react: { '19.2.0': { loaded: false, lib: null, loading: failed } },
    },
  };
  forgetFailedShareLoads('highcharts', scopes);
  await settle();
  expect(scopes.default.highcharts['12.6.2']).not.toHaveProperty('loading');
  expect(scopes.default.highcharts['11.4.0'].loading).toBe(underWay);
  expect(scopes.default.highcharts['10.0.0'].loading).toBe(done);
  expect(scopes.default.react['19.2.0'].loading).toBe(failed);
  finish({});
});

it('does nothing where no federation runtime is on the page', () => {
  expect(() => forgetFailedShareLoads('highcharts', undefined)).not.toThrow();
});
