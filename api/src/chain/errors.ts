/** A JSON-RPC error from the node (code and message kept for the range-shrinking rule). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A node did not give a usable answer: another node may. */
export class NodeFault extends RpcError {
  constructor(
    /** Short, for the metric label: rate limited, http 5xx, http error, timeout, network, malformed. */
    readonly kind: string,
    message: string,
    /** When the next node can be asked (0: now), set by the pool. */
    readonly retryInMs = 0,
  ) {
    super(-1, message);
    this.name = 'NodeFault';
  }
}

/** The node fault behind `e` (a fetch failure, a timeout, bad JSON), or null. */
export function faultOf(e: unknown): NodeFault | null {
  if (e instanceof NodeFault) return e;
  // By name, not instanceof: fetch's errors come from node's own realm (not jest's, say).
  if (!e || typeof e !== 'object') return null;
  const { name, message = '', cause } = e as { name?: string; message?: string; cause?: unknown };
  if (name === 'TimeoutError') return new NodeFault('timeout', 'no answer in time');
  if (name === 'SyntaxError') return new NodeFault('malformed', `not JSON (${message})`);
  if (name === 'TypeError' && /fetch failed|terminated|other side closed/i.test(message)) {
    const c = cause as { code?: string; message?: string } | undefined;
    return new NodeFault('network', c?.code ?? c?.message ?? message);
  }
  return null;
}

/** An HTTP status that is not 2xx, as a node fault. */
export function httpFault(status: number): NodeFault {
  if (status === 429) return new NodeFault('rate limited', 'HTTP 429 (rate limited)');
  if (status >= 500) return new NodeFault('http 5xx', `HTTP ${status}`);
  return new NodeFault('http error', `HTTP ${status}`);
}

/** The node answers another chain than its network's. */
export class WrongChainError extends Error {
  constructor(
    readonly url: string,
    readonly label: string,
    readonly expected: number,
    readonly actual: number,
    network: string,
  ) {
    super(`${network} node ${label} is on chain ${actual}, not ${expected}`);
    this.name = 'WrongChainError';
  }
}
