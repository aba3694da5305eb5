#!/usr/bin/env node
// The ludex command. TypeScript sources run through tsx's loader: no separate build step for the server.
import { register } from 'tsx/esm/api'

register()
await import('../cli/src/main.ts')
