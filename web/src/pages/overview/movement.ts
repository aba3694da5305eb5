/** How a movement row's numbers read: gain with its sign, an absent old rank as 'New'. */
export const NEW_ENTRY = 'New'

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export function formatGain(gain: number | null): string {
  if (gain === null) return '-'
  return gain > 0 ? `+${integer.format(gain)}` : integer.format(gain)
}

export function formatRank(rank: number | null): string {
  return rank === null ? '-' : `#${integer.format(rank)}`
}

/** An absent old rank means the experience entered the top 100 newly (part 1 §2). */
export function formatOldRank(oldRank: number | null): string {
  return oldRank === null ? NEW_ENTRY : `#${integer.format(oldRank)}`
}
