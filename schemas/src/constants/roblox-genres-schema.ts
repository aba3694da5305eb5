// zod schemas of the constants beside them, in their own module so that code importing only a
// constant (the web app's first load) does not pull zod in.
import { z } from 'zod'
import { ROBLOX_GENRE_L1 } from './roblox-genres.ts'

export const robloxGenreL1 = z.enum(ROBLOX_GENRE_L1)
