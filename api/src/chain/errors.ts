/** A JSON-RPC error from the node (code and message kept for the range-shrinking rule). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
