import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { restoreSession } from '../shell/session.ts'
import { type PendingUpdate, UpdateContext } from './update-store.ts'

const UpdateDialog = lazy(() => import('./UpdateDialog.tsx').then((m) => ({ default: m.UpdateDialog })))
const noSubscription = () => () => {}
const none = () => null

/**
 * What a new version does to this page (part 2 §4): a signed-in user is asked ('Update', 'Reload &
 * Update'); a visitor is reloaded at once. Nothing shows before an update is found, so a server render
 * (which has no update store) and the first render in the browser agree; the dialog's code loads only
 * when an update is there.
 */
export function UpdatePrompt() {
  const store = useContext(UpdateContext)
  const update = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.current ?? none, none)
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<PendingUpdate | null>(null)
  useEffect(() => {
    if (!update) return
    let live = true
    // The session decides; it is restored before any page shows, so this waits at most for that.
    void restoreSession(queryClient).then((viewer) => {
      if (!live) return
      if (viewer.kind === 'user') setAsking(update)
      else update.apply()
    })
    return () => {
      live = false
    }
  }, [update, queryClient])
  if (!asking) return null
  return (
    <Suspense fallback={null}>
      <UpdateDialog update={asking} />
    </Suspense>
  )
}
