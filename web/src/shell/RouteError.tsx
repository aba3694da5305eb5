import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ApiRequestError } from '../api/client.ts'
import { ErrorPage } from './ErrorPage.tsx'

/** Any error thrown by a route (loader or render) becomes the error page with its status. */
export function RouteError() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error)
    ? error.status
    : error instanceof ApiRequestError
      ? error.status
      : 500
  return <ErrorPage status={status} />
}
