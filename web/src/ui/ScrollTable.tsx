import { Group, Text } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import classes from './ScrollTable.module.css'

/** What a scroller hides: more to the left (start), more to the right (end), anything at all (scrolls). */
export interface Overflow {
  readonly start: boolean
  readonly end: boolean
  readonly scrolls: boolean
}

const NONE: Overflow = { start: false, end: false, scrolls: false }

/** What a scroller hides, with a pixel of slack for rounding. */
export function overflowOf(
  el: Pick<Element, 'scrollLeft' | 'scrollWidth' | 'clientWidth' | 'scrollHeight' | 'clientHeight'>,
): Overflow {
  const left = Math.abs(el.scrollLeft)
  const start = left > 1
  const end = left + el.clientWidth < el.scrollWidth - 1
  return { start, end, scrolls: start || end || el.scrollHeight > el.clientHeight + 1 }
}

export const SCROLL_HINT = 'Scroll for more'

/**
 * A table that fits where it can and scrolls sideways where it cannot (a phone): the columns the table
 * puts first stay in view, and while more is hidden to the right, the edge fades and 'Scroll for more'
 * says so. The layout is CSS (the same markup on the server and in the browser); whether it overflows
 * is measured after mounting. While it scrolls (sideways, or down past `maxHeight`) it is a named region
 * in the Tab order, so the keyboard can scroll it too.
 */
export function ScrollTable({
  label,
  maxHeight,
  minWidth,
  widerThanPhones = false,
  children,
}: {
  /** The region's name while it scrolls (usually the table's). */
  readonly label: string
  /** Scrolls vertically past this height. */
  readonly maxHeight?: number
  /** The table's own minimum width (below it, the table scrolls). */
  readonly minWidth?: number
  /**
   * The table is wider than a phone: the hint's row is kept there from the first paint, so that
   * showing it once measured moves nothing. Tables that fit a phone leave it out.
   */
  readonly widerThanPhones?: boolean
  readonly children: ReactNode
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const [overflow, setOverflow] = useState<Overflow>(NONE)

  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const measure = () => {
      const next = overflowOf(el)
      setOverflow((cur) =>
        cur.start === next.start && cur.end === next.end && cur.scrolls === next.scrolls ? cur : next,
      )
    }
    // No measuring here: reading the sizes now would force a layout inside the hydration's commit
    // (a long task on a page of tables). The observer's first call comes after the browser's own
    // layout, where the reads are free.
    const resize = new ResizeObserver(measure)
    resize.observe(el)
    if (el.firstElementChild) resize.observe(el.firstElementChild)
    el.addEventListener('scroll', measure, { passive: true })
    return () => {
      resize.disconnect()
      el.removeEventListener('scroll', measure)
    }
  }, [])

  return (
    <div
      className={classes.frame}
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
      data-wider-than-phones={widerThanPhones || undefined}
    >
      {/* Above the table: on screen where a long table starts. */}
      <Group gap={4} justify="flex-end" className={classes.hint} aria-hidden>
        <Text size="xs" c="dimmed" component="span">
          {SCROLL_HINT}
        </Text>
        <IconArrowRight size={14} />
      </Group>
      <div className={classes.edges}>
        <div
          ref={scroller}
          className={classes.scroller}
          style={{
            ...(maxHeight !== undefined && { maxHeight }),
            ...(minWidth !== undefined && { '--scroll-table-min-width': `${minWidth}px` }),
          }}
          {...(overflow.scrolls && { tabIndex: 0, role: 'region', 'aria-label': label })}
        >
          {children}
        </div>
      </div>
    </div>
  )
}
