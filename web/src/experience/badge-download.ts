import { toast } from '../ui/toasts.ts'

export const BADGE_DOWNLOAD_FAILED = 'Could not download badge stats'

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header)
  return plain?.[1]?.trim() || fallback
}

/** Downloads the badge stats CSV through a blob link; any failure is the spec's error toast. */
export async function downloadBadgeStats(placeId: number): Promise<void> {
  try {
    const res = await fetch(`/api/badges/${placeId}`, { headers: { accept: 'text/csv' } })
    if (!res.ok) throw new Error(`status ${res.status}`)
    const blob = await res.blob()
    const name = fileNameFromDisposition(res.headers.get('content-disposition'), `${placeId}-badges.csv`)
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  } catch {
    toast.error(BADGE_DOWNLOAD_FAILED)
  }
}
