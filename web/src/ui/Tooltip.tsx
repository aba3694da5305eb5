import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from '@mantine/core'
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  useCallback,
  useRef,
  useState,
} from 'react'

type TargetProps = {
  ref?: Ref<HTMLElement>
  onMouseEnter?: (event: unknown) => void
  onMouseLeave?: (event: unknown) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void
}

export interface TooltipProps {
  readonly label: ReactNode
  readonly position?: MantineTooltipProps['position']
  /** The element the tooltip explains; it must take a ref and the mouse and focus handlers. */
  readonly children: ReactElement<TargetProps>
}

/**
 * A tooltip that costs nothing until it is first wanted: Mantine's (floating position, portal,
 * transition, each drawn again once mounted) is drawn the first time the target is hovered, touched or
 * focused from the keyboard, beside the target and positioned on it (`target`), so the target itself
 * is never drawn anew. It shows while the target is hovered or has the keyboard's focus (the theme's
 * hover, focus and touch), and Escape hides it.
 */
export function Tooltip({ label, position, children }: TooltipProps) {
  const target = useRef<HTMLElement | null>(null)
  const [opened, setOpened] = useState(false)
  const [drawn, setDrawn] = useState(false)
  const show = () => {
    setDrawn(true)
    setOpened(true)
  }
  const hide = () => setOpened(false)
  const own = children.props
  const ownRef = own.ref
  const ref: RefCallback<HTMLElement> = useCallback(
    (node) => {
      target.current = node
      if (typeof ownRef === 'function') ownRef(node)
      else if (ownRef) ownRef.current = node
    },
    [ownRef],
  )
  const trigger = cloneElement(children, {
    ref,
    onMouseEnter: (event: unknown) => {
      own.onMouseEnter?.(event)
      show()
    },
    onMouseLeave: (event: unknown) => {
      own.onMouseLeave?.(event)
      hide()
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event)
      // The keyboard's focus, as Mantine's tooltip does (a click's focus shows nothing).
      if (event.currentTarget.matches(':focus-visible')) show()
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event)
      hide()
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event)
      if (event.key === 'Escape') hide()
    },
  } satisfies TargetProps)
  return (
    <>
      {trigger}
      {drawn && <MantineTooltip label={label} position={position} target={target} opened={opened} />}
    </>
  )
}
