/**
 * SQL fragments every store needs: the latest details of each place, and the like ratio of its votes.
 * Fixed text of our own; callers bind every value as a parameter.
 */

/** Columns of place_details, as `{ alias: column }`. */
export type DetailColumns = Readonly<Record<string, string>>

/**
 * The latest value of each column per place (argMax by observed_at): a subquery to join on place_id.
 * `where` narrows the places (it must use bound parameters only); `found` adds `1 AS found`, which a
 * LEFT JOIN leaves 0 for a place never described.
 */
export function latestDetailsSql(
  columns: DetailColumns,
  options: { where?: string; found?: boolean } = {},
): string {
  const selected = Object.entries(columns).map(
    ([alias, column]) => `argMax(${column}, observed_at) AS ${alias}`,
  )
  if (options.found) selected.unshift('1 AS found')
  return `SELECT place_id, ${selected.join(', ')}
    FROM place_details${options.where ? `\n    WHERE ${options.where}` : ''}
    GROUP BY place_id`
}

/** up ÷ (up + down) of a row's latest votes (table alias `t`), 0 while there are none. */
export function likeRatioSql(t: string): string {
  const up = `ifNull(${t}.up_votes, 0)`
  const down = `ifNull(${t}.down_votes, 0)`
  return `if(${up} + ${down} = 0, 0, ${up} / (${up} + ${down}))`
}
