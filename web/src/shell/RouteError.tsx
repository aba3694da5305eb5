import { UnknownHashKeyError } from '@ludex/schemas'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ApiRequestError } from '../api/client.ts'
import { ErrorPage } from './ErrorPage.tsx'

/**
 * Any error thrown by a route (loader or render) becomes the error page: a thrown Response or an API
 * error keeps its status (404 → the 404 texts); an unknown hash key is a 400 naming the key.
 */
export function RouteError() {
  const error = useRouteError()
  const { status, detail } = describe(error)
  return <ErrorPage status={status} detail={detail} />
}

export function describe(error: unknown): { status: number; detail?: string } {
  if (isRouteErrorResponse(error)) return { status: error.status }
  if (error instanceof ApiRequestError) return { status: error.status }
  if (
    error instanceof UnknownHashKeyError ||
    (error instanceof Error && error.name === 'UnknownHashKeyError')
  )
    return { status: 400, detail: error.message }
  return { status: 500 }
}
