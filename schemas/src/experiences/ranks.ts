/**
 * Ranks by players online, highest first (part 1 §2): equal counts share a rank and the next rank
 * skips ('standard competition' ranking: 100, 50, 50, 10 → 1, 2, 2, 4). Returns place id → rank, so a
 * row keeps its rank whatever the table is sorted or filtered by.
 */
export function ranksByPlayersOnline(
  rows: readonly { readonly place_id: number; readonly players_online: number }[],
): Map<number, number> {
  const sorted = [...rows].sort((a, b) => b.players_online - a.players_online)
  const ranks = new Map<number, number>()
  let rank = 0
  let previous: number | undefined
  sorted.forEach((row, index) => {
    if (row.players_online !== previous) {
      rank = index + 1
      previous = row.players_online
    }
    ranks.set(row.place_id, rank)
  })
  return ranks
}
