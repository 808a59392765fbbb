import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { emit } from '@jmswap/shared-chain';

/** Route errors: a 401 raises loggedOut; anything else shows a way back. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  useEffect(() => {
    if (status === 401) emit({ type: 'loggedOut' });
  }, [status]);
  return (
    <div className="jm-card" role="alert">
      <p>{status === 404 ? 'This page does not exist.' : 'Something went wrong on this page.'}</p>
      <Link to="/">Back to Swap</Link>
    </div>
  );
}
