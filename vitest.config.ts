import { defineConfig } from 'vitest/config'

// One run covers every package; each project keeps its own defaults.
export default defineConfig({
  test: {
    projects: ['schemas', 'workers', 'pipelines', 'api', 'cli', 'test', 'web'],
  },
})
