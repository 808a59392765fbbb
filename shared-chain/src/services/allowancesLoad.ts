/**
 * The one door to allowances from the first load (the Approvals view, and the approval path's
 * USDT-style check): a dynamic import, so no page loads it before it is needed.
 */
export type AllowancesModule = typeof import('./allowances');

let loading: Promise<AllowancesModule> | undefined;

export function loadAllowances(): Promise<AllowancesModule> {
  loading ??= import(/* webpackChunkName: "allowances" */ './allowances').catch(
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
