import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from '../api/client.ts'

export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final (a 404 is the error page); other failures are retried twice. A server
        // render does not retry: the page goes out with what it has and the browser tries again.
        retry: (count, error) =>
          !options.server && !(error instanceof ApiRequestError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  })
}
