/** The copy toasts of the spec (part 1 §8), verbatim. */
export const EXPERIENCE_ID_COPIED = 'Experience ID has been copied to your clipboard.'
export const UNIVERSE_ID_COPIED = 'Universe ID has been copied to your clipboard.'
export const ANCHOR_LINK_COPIED = 'An anchor link has been copied to your clipboard.'

export function robloxGameUrl(placeId: number): string {
  return `https://www.roblox.com/games/${placeId}`
}

/** External dashboards of an experience (the dashboards panel). */
export function externalDashboards(placeId: number, universeId: number): { label: string; href: string }[] {
  return [
    { label: 'Roblox Page', href: robloxGameUrl(placeId) },
    {
      label: 'Creator Dashboard Analytics',
      href: `https://create.roblox.com/dashboard/creations/experiences/${universeId}/analytics/overview`,
    },
    { label: 'Developer Stats', href: `https://www.roblox.com/places/${placeId}/stats` },
  ]
}
