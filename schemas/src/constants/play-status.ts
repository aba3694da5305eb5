import type { z } from 'zod'
import type { playStatusCode } from './place-schema.ts'

/** The numeric play statuses of the spec (part 1 §3). The zod schema is `playStatusCode` (place-schema.ts). */
export type PlayStatus = z.infer<typeof playStatusCode>

export const PLAY_STATUSES: readonly PlayStatus[] = [0, 1, 2, 3, 5, 9]

export const PLAY_STATUS = {
  UNKNOWN: 0,
  PLAYABLE: 1,
  GUEST_PROHIBITED: 2,
  UNAPPROVED: 3,
  PRIVATE: 5,
  UNDER_REVIEW: 9,
} as const satisfies Record<string, PlayStatus>

/** How each status is shown. Guest prohibited is shown as Private (part 1 §3). */
export const PLAY_STATUS_NAMES: Readonly<Record<PlayStatus, string>> = {
  0: 'Unknown',
  1: 'Playable',
  2: 'Private',
  3: 'Unapproved',
  5: 'Private',
  9: 'Under Review',
}

/** A stored code as one of the spec's; anything else reads as 0 (unknown). */
export function toPlayStatus(code: number): PlayStatus {
  return PLAY_STATUSES.includes(code as PlayStatus) ? (code as PlayStatus) : PLAY_STATUS.UNKNOWN
}

/** The display name of any number; codes outside the spec's set show as Unknown. */
export function playStatusName(code: number | null | undefined): string {
  return PLAY_STATUS_NAMES[code as PlayStatus] ?? PLAY_STATUS_NAMES[0]
}

/**
 * Maps `reasonProhibited` of multiget-place-details to a play status (shared decision): 'None' is
 * playable; an absent or unrecognised reason is unknown rather than a guess.
 */
export function playStatusFromReasonProhibited(reason: string | null | undefined): PlayStatus {
  switch (reason) {
    case 'None':
      return PLAY_STATUS.PLAYABLE
    case 'GuestProhibited':
      return PLAY_STATUS.GUEST_PROHIBITED
    case 'Unapproved':
      return PLAY_STATUS.UNAPPROVED
    case 'Private':
    case 'PlaceHasNoPublishedVersion':
      return PLAY_STATUS.PRIVATE
    case 'UnderReview':
      return PLAY_STATUS.UNDER_REVIEW
    default:
      return PLAY_STATUS.UNKNOWN
  }
}
