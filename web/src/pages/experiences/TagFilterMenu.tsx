import type { PlaceTag } from '@ludex/schemas'
import { Button, Menu, Text } from '@mantine/core'
import { IconCheck, IconFilter } from '@tabler/icons-react'
import { Fragment } from 'react'
import { MenuDropdown } from '../../ui/MenuDropdown.tsx'
import { groupTags } from './tag-filter.ts'

interface TagFilterMenuProps {
  /** Undefined while loading; a list that failed to load is shown as no tags (part 2 §8). */
  readonly tags: readonly PlaceTag[] | undefined
  readonly userId: number | null
  readonly selected: PlaceTag | null
  onSelect(tag: PlaceTag | null): void
}

const GROUPS = [
  ['curated', 'Curated Tags'],
  ['yours', 'Your Tags'],
  ['others', 'Other Users Tags'],
] as const

/** The experiences list's tag filter (part 1 §2): the tags the viewer may see, grouped as on /tags. */
export function TagFilterMenu({ tags, userId, selected, onSelect }: TagFilterMenuProps) {
  const groups = groupTags(tags ?? [], userId)
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={selected ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          style={{ alignSelf: 'flex-end' }}
        >
          Tags
        </Button>
      </Menu.Target>
      <MenuDropdown mah={420} style={{ overflowY: 'auto' }}>
        <Menu.Label>Filter by tag</Menu.Label>
        {tags === undefined ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            Loading tags
          </Text>
        ) : tags.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            No tags
          </Text>
        ) : (
          <>
            <Menu.Item onClick={() => onSelect(null)} leftSection={selected ? null : <IconCheck size={14} />}>
              All experiences
            </Menu.Item>
            {GROUPS.map(([key, label]) =>
              groups[key].length === 0 ? null : (
                <Fragment key={key}>
                  <Menu.Divider />
                  <Menu.Label>{label}</Menu.Label>
                  {groups[key].map((t) => (
                    <Menu.Item
                      key={t.id}
                      onClick={() => onSelect(t)}
                      leftSection={t.id === selected?.id ? <IconCheck size={14} /> : null}
                      rightSection={
                        <Text size="xs" c="dimmed">
                          {t.place_ids.length.toLocaleString('en-US')}
                        </Text>
                      }
                    >
                      {t.name}
                    </Menu.Item>
                  ))}
                </Fragment>
              ),
            )}
          </>
        )}
      </MenuDropdown>
    </Menu>
  )
}
