// The embeds' query schemas (issue 21), apart from their constants and paths (embed.ts), which the
// experience page's embed panel imports: that page then does not evaluate zod schemas while it loads.
import { z } from 'zod'
import { UNSIGNED_HISTORY_DAYS } from '../constants/limits.ts'
import {
  EMBED_BADGE_STYLES,
  EMBED_RANGE_NAMES,
  EMBED_SPARKLINE_STATS,
  EMBED_THEMES,
  type EmbedRange,
  embedRangeMessage,
} from './embed.ts'

export const embedBadgeStyle = z
  .enum(EMBED_BADGE_STYLES, { error: () => `must be one of ${EMBED_BADGE_STYLES.join(', ')}` })
  .default('flat')
  .describe(`The badge's look: ${EMBED_BADGE_STYLES.join(', ')} (default flat)`)

export const embedTheme = z
  .enum(EMBED_THEMES, { error: () => `must be one of ${EMBED_THEMES.join(', ')}` })
  .default('light')
  .describe('Colours for a light or a dark page (default light)')

export const embedBadgeQuery = z.object({ style: embedBadgeStyle, theme: embedTheme })
export type EmbedBadgeQuery = z.output<typeof embedBadgeQuery>

export const embedSparklineQuery = z.object({
  stat: z
    .enum(EMBED_SPARKLINE_STATS, { error: () => `must be one of ${EMBED_SPARKLINE_STATS.join(', ')}` })
    .default('ccus')
    .describe(
      `The series drawn: ${EMBED_SPARKLINE_STATS.join(', ')} (default ccus, the average players online)`,
    ),
  range: z
    .enum(EMBED_RANGE_NAMES as [EmbedRange, ...EmbedRange[]], {
      error: (issue) => embedRangeMessage(issue.input),
    })
    .default('7d')
    .describe(
      `How far back: ${EMBED_RANGE_NAMES.join(', ')} (default 7d; hourly points, daily for 30d). Longer ranges ` +
        `are a 400 naming range: embeds are anonymous, and visitors see the last ${UNSIGNED_HISTORY_DAYS} days.`,
    ),
  theme: embedTheme,
})
export type EmbedSparklineQuery = z.output<typeof embedSparklineQuery>
