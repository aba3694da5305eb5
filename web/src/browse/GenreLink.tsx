import { displayGenreName } from '@ludex/schemas'
import { Anchor } from '@mantine/core'
import { Link } from 'react-router'
import { genrePath, isLinkedGenre, subGenrePath } from './links.ts'

/** A genre's name (capitalised; unlabeled as a dash) linking to its page. */
export function GenreLink({ genre }: { genre: string }) {
  const name = displayGenreName(genre)
  if (!isLinkedGenre(genre)) return <>{name}</>
  return (
    <Anchor component={Link} to={genrePath(genre)}>
      {name}
    </Anchor>
  )
}

/** A sub-genre's name (its genre_l2, capitalised; none as a dash) linking to its page under the genre. */
export function SubGenreLink({ genre, genreL2 }: { genre: string; genreL2: string }) {
  const name = displayGenreName(genreL2)
  if (!isLinkedGenre(genre) || name === displayGenreName('')) return <>{name}</>
  return (
    <Anchor component={Link} to={subGenrePath(genre, genreL2)}>
      {name}
    </Anchor>
  )
}
