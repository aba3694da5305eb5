import { toast } from './toasts.ts'

/**
 * Copies text to the clipboard and shows the given Info toast (the spec fixes each copy action's
 * text, so callers pass it verbatim). A refused clipboard shows an Error toast instead.
 */
export async function copyToClipboard(text: string, infoMessage: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    toast.info(infoMessage)
    return true
  } catch {
    toast.error('Could not copy to the clipboard')
    return false
  }
}
