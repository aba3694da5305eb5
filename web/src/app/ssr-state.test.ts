import { SSR_STATE_ELEMENT_ID } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { readSsrState, type SsrState, serializeState } from './ssr-state.ts'

const state = (name: string): SsrState => ({
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['place', 1],
        queryHash: '["place",1]',
        dehydratedAt: 1,
        state: {
          data: { name },
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
  router: { loaderData: { shell: null } },
})

describe('the server-rendered state', () => {
  it('cannot close its script element or open a comment, whatever an experience is called', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028'
    const json = serializeState(state(hostile))
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    // Embedded as the server does and read back as the client does: the same state.
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${json}</script>`
    expect(readSsrState(document)).toEqual(state(hostile))
  })

  it('is absent on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>'
    expect(readSsrState(document)).toBeNull()
  })
})
