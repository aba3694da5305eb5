import { chartCategoryById } from '../constants/chart-categories.ts'
import { SPIKE_BASELINE_WEEKS } from './constants.ts'
import type { CcuSpike } from './spike.ts'
import type { ThumbnailChange } from './thumbnail-changes.ts'

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const hourFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
})
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

const categoryName = (id: number) => chartCategoryById(id)?.title ?? `Category ${id}`

/** The hover text of a chart-category entry marker. */
export function entryMarkerText(categoryId: number, dayMs: number, rank: number | null): string {
  const at = rank === null ? '' : ` at #${rank}`
  return `Entered ${categoryName(categoryId)}${at} on ${dayFormat.format(dayMs)} (UTC): ranked that day, not on the category's previous captured day.`
}

/** The hover text of a chart-category exit marker. */
export function exitMarkerText(categoryId: number, dayMs: number, lastRank: number | null): string {
  const last = lastRank === null ? '' : ` (last rank #${lastRank})`
  return `Left ${categoryName(categoryId)}${last} on ${dayFormat.format(dayMs)} (UTC): the category was captured that day without it.`
}

/** The hover text of a CCU spike marker: the peak, its baseline and by how much it stood out. */
export function spikeMarkerText(spike: CcuSpike): string {
  const run = spike.hours > 1 ? ` over ${spike.hours} hours` : ''
  return (
    `CCU spike${run}: ${integer.format(spike.peakCcu)} players at ${hourFormat.format(spike.peakTime)} UTC, ` +
    `${spike.deviations.toFixed(1)} robust deviations above the median of ${integer.format(spike.baselineMedian)} ` +
    `for that hour of the week over the previous ${SPIKE_BASELINE_WEEKS} weeks.`
  )
}

/** The hover text of a thumbnail change marker: which images changed, and at which capture. */
export function thumbnailMarkerText(change: ThumbnailChange): string {
  const types = change.swaps.map((s) => s.type.toLowerCase())
  const what = types.length > 1 ? `The ${types.join(' and ')} images` : `The ${types[0] ?? 'thumbnail'} image`
  const verb = types.length > 1 ? 'were' : 'was'
  return `${what} ${verb} replaced: first captured at ${hourFormat.format(change.time)} UTC, different from the capture before.`
}
