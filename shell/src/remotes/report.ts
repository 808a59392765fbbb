// Operators learn what users' browsers met: remote load failures, integrity refusals, version
// skew, refused bases and nodes set aside (another chain, far behind) go to the api's
// /v1/client-report (`npm run reports -- list`). Nothing personal is sent: the kind, the remote
// and version, the cause, the page's path.
export type ReportKind = 'remote-load' | 'integrity' | 'version-skew' | 'refused-base' | 'node';

export interface ClientReport {
  kind: ReportKind;
  remote?: string;
  version?: string;
  cause: string;
}

const NETWORKS_URL = '/config/networks.json';
const sent = new Set<string>();
let endpoint: Promise<string | undefined> | undefined;

/** The default network's api (TRON's, else the first listed) takes the reports. */
async function reportUrl(): Promise<string | undefined> {
  const res = await fetch(NETWORKS_URL);
  const file = (await res.json()) as { networks?: Record<string, { api?: { url?: unknown } }> };
  const networks = file.networks ?? {};
  const api = (networks.TRON ?? Object.values(networks)[0])?.api?.url;
  if (typeof api !== 'string' || !/^https?:\/\//.test(api)) return undefined;
  return `${api.replace(/\/+$/, '')}/v1/client-report`;
}

/** Sends one report, once per page; never throws and never delays the caller. */
export function reportToOperators(report: ClientReport): void {
  const body = JSON.stringify({
    ...report,
    cause: report.cause.slice(0, 500),
    page: location.pathname.slice(0, 200),
    release: __APP_VERSION__,
  });
  if (sent.has(body)) return;
  sent.add(body);
  endpoint ??= reportUrl().catch(() => undefined);
  void endpoint.then((url) => {
    if (!url) return;
    // A beacon outlives the page (a Reload right after) and, as text/plain, needs no preflight.
    if (navigator.sendBeacon?.(url, body)) return;
    fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  });
}
