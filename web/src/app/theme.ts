import { createTheme } from '@mantine/core'

/**
 * Spec styling constants (part 1 §9): breakpoints 640, 768, 1024, 1280, 1536 (as em at 16 px), button
 * height 34 px, tooltips at most 250 wide and hidden after 3 s (the 'ludex-tooltip' class in
 * global.css fades them out, so every Tooltip gets it without a wrapper).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 on white is 4.3:1 and white on the dark scheme's shade 5 is 3.7:1; AA asks 4.5:1 of text,
  // so both schemes use shade 7 for filled controls and primary text.
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: { xs: '40em', sm: '48em', md: '64em', lg: '80em', xl: '96em' },
  components: {
    Button: { defaultProps: { h: 34 } },
    // A loader is a live status: its aria-label ('Loading …') needs a role to be announced (axe's
    // aria-prohibited-attr refuses a label on a bare span).
    Loader: { defaultProps: { role: 'status' } },
    Tooltip: {
      defaultProps: {
        maw: 250,
        multiline: true,
        withArrow: true,
        events: { hover: true, focus: true, touch: true },
      },
      classNames: { tooltip: 'ludex-tooltip' },
    },
  },
})
