import { useEffect, useState } from 'react'

interface Readiness {
  ready: boolean
  checks: Record<string, { ok: boolean; detail?: string }>
}

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; body: Readiness }

/** Shows what /readyz reports, refreshed every 10 s, so a fresh `make run` has something live to show. */
export function PipelineStatus() {
  const [state, setState] = useState<State>({ kind: 'loading' })
  useEffect(() => {
    let alive = true
    const load = async () => {
      try {
        const res = await fetch('/readyz')
        const body = (await res.json()) as Readiness
        if (alive) setState({ kind: 'ready', body })
      } catch (err) {
        if (alive) setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) })
      }
    }
    void load()
    const timer = setInterval(load, 10_000)
    return () => {
      alive = false
      clearInterval(timer)
    }
  }, [])

  if (state.kind === 'loading') return <p aria-busy="true">Checking the pipeline…</p>
  if (state.kind === 'error') return <p role="alert">Could not reach the server: {state.message}</p>
  return (
    <section aria-label="Pipeline status">
      <h2>{state.body.ready ? 'Pipeline running' : 'Pipeline starting'}</h2>
      <ul>
        {Object.entries(state.body.checks).map(([name, check]) => (
          <li key={name}>
            {check.ok ? '✔' : '…'} {name}
            {check.detail ? ` — ${check.detail}` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}
