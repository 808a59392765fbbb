// placeholder, replaced below
export function tronLinkInitScript(): string {
  return '';
}
export async function injectTronLink(): Promise<void> {}
