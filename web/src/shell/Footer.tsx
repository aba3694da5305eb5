import { Anchor, Group, Text } from '@mantine/core'
import { IconBrandDiscord, IconBrandGithub, IconBrandX, IconMail } from '@tabler/icons-react'
import classes from './Footer.module.css'

/** Where feedback goes (part 1 §1: a feedback mail link). */
export const FEEDBACK_EMAIL = 'feedback@ludex.example'

/** The studio's social pages; placeholders until the studio's accounts are decided. */
const SOCIAL_LINKS = [
  { label: 'Ludex on X', href: 'https://x.com/', icon: IconBrandX },
  { label: 'Ludex on Discord', href: 'https://discord.com/', icon: IconBrandDiscord },
  { label: 'Ludex on GitHub', href: 'https://github.com/', icon: IconBrandGithub },
]

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Ludex · Roblox experience analytics
        </Text>
        <Group gap="md">
          {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
            <Anchor
              key={label}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              c="dimmed"
            >
              <Icon size={20} aria-hidden />
            </Anchor>
          ))}
          <Anchor
            href={`mailto:${FEEDBACK_EMAIL}?subject=Ludex%20feedback`}
            size="sm"
            c="dimmed"
            className={classes.mail}
          >
            <IconMail size={16} aria-hidden />
            Send feedback
          </Anchor>
        </Group>
      </Group>
    </footer>
  )
}
