import yieldBetweenPlugin from './yield-between';

/** Resolves once `promise` has settled, or says it had not after every queued microtask. */
async function settledWithinTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return settled;
}

const args = { shareScope: {}, initScope: [], remoteInfo: { name: 'swap' } };

it.each(['beforeInitContainer', 'initContainer'] as const)(
  '%s hands the runtime its arguments unchanged, in a later task',
  async (hook) => {
    const run = yieldBetweenPlugin()[hook] as unknown as (a: typeof args) => Promise<typeof args>;
    const result = run(args);
    expect(await settledWithinTask(result)).toBe(false);
    await expect(result).resolves.toBe(args);
  },
);
