import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'integration',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Engines are heavy and one chDB data dir binds a process: run files one at a time.
    fileParallelism: false,
    globalSetup: ['src/harness/global-setup.ts'],
  },
})
