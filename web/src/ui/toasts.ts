import { notifications } from '@mantine/notifications'

/** The four toast kinds of the spec (part 1 §1); clicking a toast dismisses it. */
export type ToastKind = 'info' | 'success' | 'warning' | 'error'

const LOOK: Record<ToastKind, { title: string; color: string }> = {
  info: { title: 'Info', color: 'blue' },
  success: { title: 'Success', color: 'teal' },
  warning: { title: 'Warning', color: 'yellow' },
  error: { title: 'Error', color: 'red' },
}

function show(kind: ToastKind, message: string): string {
  const id = `toast-${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}`
  notifications.show({
    id,
    title: LOOK[kind].title,
    message,
    color: LOOK[kind].color,
    autoClose: 5000,
    style: { cursor: 'pointer' },
    onClick: () => notifications.hide(id),
  })
  return id
}

export const toast = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
}
