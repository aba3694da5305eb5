import { Anchor, Group, Text, UnstyledButton } from '@mantine/core'
import {
  IconBrandDiscord,
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandReddit,
  IconBrandX,
  IconBrandYoutube,
  IconExternalLink,
  IconMail,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { useConsentStore } from '../consent/consent.ts'
import { LEGAL_PATHS } from '../legal/paths.ts'
import { METHODOLOGY_PATH } from '../methodology/paths.ts'
import classes from './Footer.module.css'

/** The legal pages, in the order the footer lists them. */
export const FOOTER_LEGAL_LINKS = [
  { label: 'Terms of Use', to: LEGAL_PATHS.terms },
  { label: 'Privacy Policy', to: LEGAL_PATHS.privacy },
  { label: 'Cookie Policy', to: LEGAL_PATHS.cookies },
] as const

const ICONS: { host: RegExp; icon: typeof IconBrandX }[] = [
  { host: /(^|\.)github\.com$/, icon: IconBrandGithub },
  { host: /(^|\.)(discord\.gg|discord\.com)$/, icon: IconBrandDiscord },
  { host: /(^|\.)(x\.com|twitter\.com)$/, icon: IconBrandX },
  { host: /(^|\.)(youtube\.com|youtu\.be)$/, icon: IconBrandYoutube },
  { host: /(^|\.)reddit\.com$/, icon: IconBrandReddit },
  { host: /(^|\.)linkedin\.com$/, icon: IconBrandLinkedin },
]

const iconFor = (url: string) => {
  const host = new URL(url).hostname
  return ICONS.find((i) => i.host.test(host))?.icon ?? IconExternalLink
}

/**
 * The footer (part 1 §1, part 2 §1): the legal pages, a way back to the cookie settings, and the
 * project's social pages and feedback mail link when the server is configured with them (GET /api/site:
 * SOCIAL_LINKS, FEEDBACK_EMAIL); unset, they are not shown.
 */
export function Footer() {
  const { data: site } = useQuery(api.site())
  const consent = useConsentStore()
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="sm">
        <Group gap="md" component="nav" aria-label="Legal">
          <Text size="sm" c="dimmed">
            Ludex · Roblox experience analytics
          </Text>
          <Anchor component={Link} to={METHODOLOGY_PATH} size="sm" c="dimmed">
            Methodology
          </Anchor>
          {FOOTER_LEGAL_LINKS.map(({ label, to }) => (
            <Anchor key={to} component={Link} to={to} size="sm" c="dimmed">
              {label}
            </Anchor>
          ))}
          {consent && (
            <UnstyledButton className={classes.textButton} onClick={() => consent.reopen()}>
              Cookie Settings
            </UnstyledButton>
          )}
        </Group>
        <Group gap="md">
          {site?.social_links.map(({ label, url }) => {
            const Icon = iconFor(url)
            return (
              <Anchor
                key={url}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Ludex on ${label}`}
                title={label}
                c="dimmed"
              >
                <Icon size={20} aria-hidden />
              </Anchor>
            )
          })}
          {site?.feedback_email && (
            <Anchor
              href={`mailto:${site.feedback_email}?subject=Ludex%20feedback`}
              size="sm"
              c="dimmed"
              className={classes.mail}
            >
              <IconMail size={16} aria-hidden />
              Send feedback
            </Anchor>
          )}
        </Group>
      </Group>
    </footer>
  )
}
