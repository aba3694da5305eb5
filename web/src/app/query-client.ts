import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from '../api/client.ts'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final (a 404 is the error page); other failures are retried twice.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  })
}
