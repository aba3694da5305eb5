import './app/mantine.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { defaultSink, setAnalyticsSink } from './analytics/sink.ts'
import { createQueryClient } from './app/query-client.ts'
import { createRouter } from './app/router.tsx'
import { theme } from './app/theme.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// The analytics service is not chosen yet; a real sink replaces this one line.
setAnalyticsSink(defaultSink)
const queryClient = createQueryClient()
const router = createRouter(queryClient)

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
