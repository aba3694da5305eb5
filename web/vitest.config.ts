import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Component tests: jsdom, with the browser APIs Mantine expects filled in by vitest.setup.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
  },
})
