import react from '@vitejs/plugin-react'
import postcssPresetMantine from 'postcss-preset-mantine'
import postcssSimpleVars from 'postcss-simple-vars'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  css: {
    postcss: {
      // Mantine's mixins (light-dark, rem, breakpoint variables) in CSS modules.
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '40em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '64em',
            'mantine-breakpoint-lg': '80em',
            'mantine-breakpoint-xl': '96em',
          },
        }),
      ],
    },
  },
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/readyz': 'http://127.0.0.1:8080' } },
})
