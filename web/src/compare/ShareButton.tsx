import { Button } from '@mantine/core'
import { IconShare } from '@tabler/icons-react'
import { copyToClipboard } from '../ui/copy.ts'
import { COMPARE_TEXT } from './texts.ts'

/** Copies the page link (its selection in the hash, alignment in the query) with the spec's toast. */
export function ShareButton() {
  return (
    <Button
      variant="default"
      leftSection={<IconShare size={16} aria-hidden />}
      onClick={() => void copyToClipboard(window.location.href, COMPARE_TEXT.linkCopied)}
    >
      {COMPARE_TEXT.share}
    </Button>
  )
}
