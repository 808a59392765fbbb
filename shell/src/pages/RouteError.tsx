import { Component, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { emit } from '@jmswap/shared-chain';

/** Route errors: a 401 raises loggedOut; anything else shows a way back. */
export function RouteError({ status }: { status?: number }) {
  const { t } = useLingui();
  useEffect(() => {
    if (status === 401) emit({ type: 'loggedOut' });
  }, [status]);
  return (
    <div className="jm-card" role="alert">
      {/* Every page has its level-one heading; a page that does not exist is named by its title's. */}
      {status === 404 && <h1 className="jm-visually-hidden">{t`Page not found`}</h1>}
      <p>{status === 404 ? t`This page does not exist.` : t`Something went wrong on this page.`}</p>
      <Link to="/">{t`Back to Swap`}</Link>
    </div>
  );
}

/** An error's HTTP status, when it carries one (a fetch Response or an error with `status`). */
const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }
  override render() {
    return this.state.error !== undefined ? (
      <RouteError status={statusOf(this.state.error)} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A route that throws while rendering shows RouteError instead of a blank page; going to
 * another page starts afresh (the boundary is keyed by the path), as a route's errorElement did.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <Boundary key={path}>{children}</Boundary>;
}
