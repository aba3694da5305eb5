import {
  EMBED_RANGES,
  EMBED_STAT_LABELS,
  type EmbedBadgeQuery,
  type EmbedSparklineQuery,
  embedBadgePath,
  embedSparklinePath,
  escapeMarkup,
} from '@ludex/schemas'

/*
 * The Embed dialog's snippets: the image's absolute address on this site, wrapped in a link to the
 * experience's page, as Markdown (READMEs, wikis, Discord) and as HTML (forums, sites).
 */

export const MARKDOWN_COPIED = 'The Markdown snippet has been copied to your clipboard.'
export const HTML_COPIED = 'The HTML snippet has been copied to your clipboard.'

export type EmbedChoice =
  | ({ readonly kind: 'badge' } & EmbedBadgeQuery)
  | ({ readonly kind: 'sparkline' } & EmbedSparklineQuery)

export interface EmbedSnippets {
  /** The image's absolute address. */
  readonly imageUrl: string
  /** The text alternative the snippets give the image (the SVG carries its own, with the figures). */
  readonly alt: string
  readonly markdown: string
  readonly html: string
}

/** The site's page of the experience, which the snippets link to. */
export function experiencePageUrl(origin: string, placeId: number): string {
  return `${origin}/experiences/${placeId}`
}

/** Markdown's alt text: brackets and backslashes escaped, line ends made spaces. */
function escapeMarkdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\[\]]/g, (c) => `\\${c}`)
}

export function embedAlt(name: string, choice: EmbedChoice): string {
  if (choice.kind === 'badge') return `${name}: players online now on Ludex`
  return `${name}: ${EMBED_STAT_LABELS[choice.stat]} over ${EMBED_RANGES[choice.range].label} on Ludex`
}

export function embedSnippets(
  origin: string,
  experience: { readonly placeId: number; readonly name: string },
  choice: EmbedChoice,
): EmbedSnippets {
  const path =
    choice.kind === 'badge'
      ? embedBadgePath(experience.placeId, choice)
      : embedSparklinePath(experience.placeId, choice)
  const imageUrl = `${origin}${path}`
  const page = experiencePageUrl(origin, experience.placeId)
  const alt = embedAlt(experience.name, choice)
  return {
    imageUrl,
    alt,
    markdown: `[![${escapeMarkdownText(alt)}](${imageUrl})](${page})`,
    html: `<a href="${escapeMarkup(page)}"><img src="${escapeMarkup(imageUrl)}" alt="${escapeMarkup(alt)}"></a>`,
  }
}
