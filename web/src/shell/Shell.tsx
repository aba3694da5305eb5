import { AppShell, Drawer } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { ModalsProvider } from '@mantine/modals'
import { type FocusEvent, useState } from 'react'
import { Outlet } from 'react-router'
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

/** Below this width (768 px, Mantine 'sm' in our theme) the sidebar is a drawer. */
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

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setPeek(false)
  }

  // Modals live inside the router so their content can use links (the promo's 'Sign In').
  return (
    <ModalsProvider>
      <SkipLink />
      <CookiePrompt />
      <NavigationProgress />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          // The minimal sidebar keeps its 70 px slot while it peeks, so the page does not jump.
          width: minimal ? SIDEBAR_MINIMAL_WIDTH : SIDEBAR_FULL_WIDTH,
          breakpoint: DRAWER_BREAKPOINT,
          collapsed: { mobile: true },
        }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar drawerOpen={drawerOpen} onBurger={drawer.toggle} />
        </AppShell.Header>
        <AppShell.Navbar
          component="nav"
          aria-label="Main"
          p="xs"
          className={classes.navbar}
          data-peek={minimal && peek ? true : undefined}
          style={minimal && peek ? { width: SIDEBAR_FULL_WIDTH } : undefined}
          onMouseEnter={() => minimal && setPeek(true)}
          onMouseLeave={() => setPeek(false)}
          onFocus={() => minimal && setPeek(true)}
          onBlur={onBlur}
        >
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
        </AppShell.Navbar>
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
        {/* The skip link's target: focusable by script only. */}
        <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className={classes.page}>
            <Outlet />
          </div>
          <Footer />
        </AppShell.Main>
      </AppShell>
      <SignUpCalloutGate />
      <OnboardingGate />
    </ModalsProvider>
  )
}
