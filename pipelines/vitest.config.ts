import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'pipelines', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
})
