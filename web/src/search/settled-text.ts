import { LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { useDebouncedCallback } from '@mantine/hooks'
import { useCallback, useState } from 'react'

/** A list search's box text and the text its rows are filtered by. */
export interface SettledText {
  /** What the box shows. */
  readonly text: string
  /** What the list is filtered by: the box's text, once it has rested. */
  readonly settled: string
  /** A keystroke: the box follows at once, the filter 300 ms after the last one. */
  readonly type: (next: string) => void
  /** A value from elsewhere (the address): box and filter take it at once. */
  readonly replace: (next: string) => void
}

/**
 * A list search (part 1 §5): the rows are filtered by the box's text 300 ms after its last keystroke.
 * The timer starts in the keystroke's own handler, not after the box's render has been committed, so the
 * pause is the spec's and not the spec's plus a render; the table it feeds is memoised, so a keystroke
 * redraws only the box.
 */
export function useSettledText(initial: string): SettledText {
  const [text, setText] = useState(initial)
  const [settled, setSettled] = useState(initial)
  const settle = useDebouncedCallback(setSettled, LIST_SEARCH_DEBOUNCE_MS)
  const type = useCallback(
    (next: string) => {
      setText(next)
      settle(next)
    },
    [settle],
  )
  const replace = useCallback(
    (next: string) => {
      settle.cancel()
      setText(next)
      setSettled(next)
    },
    [settle],
  )
  return { text, settled, type, replace }
}
