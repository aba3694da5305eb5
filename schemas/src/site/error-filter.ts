import { IGNORED_ERROR_MESSAGES } from '../constants/limits.ts'

/**
 * Whether a browser error is left unreported (part 2 §8): a TypeError whose message contains one of
 * IGNORED_ERROR_MESSAGES (a request the network or the user cut off, not a bug). The browser's reporter
 * drops these and the server ignores any that still arrive.
 */
export function isIgnoredError(name: string, message: string): boolean {
  return name === 'TypeError' && IGNORED_ERROR_MESSAGES.some((ignored) => message.includes(ignored))
}
