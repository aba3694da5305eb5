import type { BadgeStatRow } from '@ludex/schemas'
import type { RobloxClient } from '../roblox/client.ts'

/** On demand (the badge CSV download): every badge of a universe with its award statistics. No bus. */
export async function fetchBadgeStats(
  client: RobloxClient,
  universeId: number,
  options?: { signal?: AbortSignal },
): Promise<BadgeStatRow[]> {
  const badges = await client.getBadges(universeId, options)
  return badges.map((b) => ({
    badge_id: b.id,
    name: b.name,
    description: b.description ?? '',
    enabled: b.enabled,
    awarded_count: b.statistics.awardedCount,
    past_day_awarded_count: b.statistics.pastDayAwardedCount,
    win_rate_percentage: b.statistics.winRatePercentage,
    // One form whatever offset upstream wrote: UTC with milliseconds.
    created: new Date(b.created).toISOString(),
    updated: new Date(b.updated).toISOString(),
  }))
}
