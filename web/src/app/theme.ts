import { createTheme } from '@mantine/core'

/** Spec styling constants (part 1 §9): button height 34 px; tooltips max width 250 are set per use. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Button: { defaultProps: { h: 34 } },
    Tooltip: { defaultProps: { maw: 250, multiline: true, withArrow: true } },
  },
})
