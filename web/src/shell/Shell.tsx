import { Drawer } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { ModalsProvider } from '@mantine/modals'
import { type CSSProperties, type FocusEvent, useState } from 'react'
import { Outlet } from 'react-router'
import { HydrationBoundary } from '../app/hydration/HydrationBoundary.tsx'
import { CookiePrompt } from '../consent/CookiePrompt.tsx'
import { SignUpCalloutGate } from '../signup-callout/SignUpCalloutGate.tsx'
import { Footer } from './Footer.tsx'
import { NavigationProgress } from './NavigationProgress.tsx'
import { OnboardingGate } from './OnboardingGate.tsx'
import { usePageViews } from './page-views.ts'
import classes from './Shell.module.css'
import {
  SIDEBAR_FULL_WIDTH,
  SIDEBAR_MINIMAL_WIDTH,
  SidebarModeToggle,
  SidebarNav,
  useSidebarMode,
} from './Sidebar.tsx'
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx'
import { TopBar } from './TopBar.tsx'
import { useVerificationCompleteToast } from './verification-complete.ts'

/** Below this width (768 px, Mantine 'sm' in our theme; Shell.module.css says it too) the sidebar is a drawer. */
const DRAWER_BREAKPOINT = 'sm'

/**
 * The app shell (part 1 §2): a skip link to the page, the cookie prompt, a navigation progress bar, top
 * bar, sidebar (full, or minimal that expands while hovered or focused), a drawer on small screens, the
 * routed page and the footer; over them the sign-up callout and the onboarding modal.
 */
export function Shell() {
  const [mode, setMode] = useSidebarMode()
  const [drawerOpen, drawer] = useDisclosure(false)
  const [peek, setPeek] = useState(false)
  usePageViews()
  useVerificationCompleteToast()
  const minimal = mode === 'minimal'
  const expanded = !minimal || peek
  // The minimal sidebar keeps its 70 px slot while it peeks, so the page does not jump.
  const slot = minimal ? SIDEBAR_MINIMAL_WIDTH : SIDEBAR_FULL_WIDTH

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setPeek(false)
  }

  // Modals live inside the router so their content can use links (the promo's 'Sign In'). The parts
  // drawn only in the browser (the modals' host, the drawer, the callout, the onboarding) and the
  // prompt hydrate in turns of their own (HydrationBoundary), as the bar, the sidebar, the page and
  // the footer do; the modals' host before the page, whose effects may open a modal.
  return (
    <>
      <SkipLink />
      <HydrationBoundary>
        <CookiePrompt />
      </HydrationBoundary>
      <HydrationBoundary>
        <ModalsProvider />
      </HydrationBoundary>
      <NavigationProgress />
      <div className={classes.shell} style={{ '--shell-navbar-slot': `${slot}px` } as CSSProperties}>
        <header className={classes.header}>
          <HydrationBoundary>
            <TopBar drawerOpen={drawerOpen} onBurger={drawer.toggle} />
          </HydrationBoundary>
        </header>
        <nav
          aria-label="Main"
          className={classes.navbar}
          data-peek={minimal && peek ? true : undefined}
          style={minimal && peek ? { width: SIDEBAR_FULL_WIDTH } : undefined}
          onMouseEnter={() => minimal && setPeek(true)}
          onMouseLeave={() => setPeek(false)}
          onFocus={() => minimal && setPeek(true)}
          onBlur={onBlur}
        >
          <HydrationBoundary>
            <SidebarNav minimal={!expanded} />
            <div className={expanded ? classes.modeToggle : classes.modeToggleMinimal}>
              <SidebarModeToggle
                mode={mode}
                onToggle={() => {
                  setPeek(false)
                  setMode(minimal ? 'full' : 'minimal')
                }}
              />
            </div>
          </HydrationBoundary>
        </nav>
        <HydrationBoundary>
          <Drawer
            opened={drawerOpen}
            onClose={drawer.close}
            hiddenFrom={DRAWER_BREAKPOINT}
            size={SIDEBAR_FULL_WIDTH}
            title="Ludex"
            padding="xs"
          >
            <nav aria-label="Main">
              <SidebarNav minimal={false} onNavigate={drawer.close} />
            </nav>
          </Drawer>
        </HydrationBoundary>
        {/* The skip link's target: focusable by script only. */}
        <main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className={classes.page}>
            <HydrationBoundary>
              <Outlet />
            </HydrationBoundary>
          </div>
          <HydrationBoundary>
            <Footer />
          </HydrationBoundary>
        </main>
      </div>
      <HydrationBoundary>
        <SignUpCalloutGate />
        <OnboardingGate />
      </HydrationBoundary>
    </>
  )
}
