import { Anchor, Button, Switch, Text } from '@mantine/core'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { LEGAL_PATHS } from '../legal/paths.ts'
import classes from './CookiePrompt.module.css'
import { promptShowing, useConsent, useConsentStore } from './consent.ts'
import { PROMPT_TEXT as T } from './texts.ts'

/**
 * The cookie prompt (part 1 §2): 'Customize Settings' and 'Allow All', with the toggles Necessary
 * (always on) and Analytics once customizing. It shows until a choice is stored, and is drawn by the
 * server render from the request's cookie, so hydration meets the same markup. Reopened from the
 * footer it starts at its settings.
 */
export function CookiePrompt() {
  const consent = useConsent()
  if (!promptShowing(consent)) return null
  // Remounted when reopened, so its settings start from the stored choice.
  return (
    <Prompt
      key={consent.reopened ? 'reopened' : 'first'}
      analytics={consent.prefs.st}
      customizing={consent.reopened}
    />
  )
}

function Prompt(props: { analytics: boolean; customizing: boolean }) {
  const store = useConsentStore()
  const [customizing, setCustomizing] = useState(props.customizing)
  const [analytics, setAnalytics] = useState(props.analytics)
  const titleId = useId()
  const analyticsSwitch = useRef<HTMLInputElement>(null)
  // Customizing replaces the button that started it (or the prompt was reopened): the keyboard's focus
  // moves to the first setting that can change.
  useEffect(() => {
    if (customizing) analyticsSwitch.current?.focus()
  }, [customizing])
  const save = (st: boolean) => store?.save({ st })
  return (
    <section className={classes.prompt} aria-labelledby={titleId} data-cookie-prompt="">
      <div className={classes.inner}>
        <div className={classes.text}>
          <Text fw={700} id={titleId}>
            {T.title}
          </Text>
          <Text size="sm">
            {T.body}{' '}
            <Anchor component={Link} to={LEGAL_PATHS.cookies} size="sm" className={classes.inlineLink}>
              {T.policy}
            </Anchor>
          </Text>
        </div>
        {customizing && (
          <fieldset className={classes.settings} aria-label="Cookie settings">
            <Switch label={T.necessary} description={T.necessaryHelp} checked disabled readOnly />
            <Switch
              ref={analyticsSwitch}
              label={T.analytics}
              description={T.analyticsHelp}
              checked={analytics}
              onChange={(e) => setAnalytics(e.currentTarget.checked)}
            />
          </fieldset>
        )}
        <div className={classes.actions}>
          {customizing ? (
            <Button variant="default" onClick={() => save(analytics)}>
              {T.save}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setCustomizing(true)}>
              {T.customize}
            </Button>
          )}
          <Button onClick={() => save(true)}>{T.allowAll}</Button>
        </div>
      </div>
    </section>
  )
}
