import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PipelineStatus } from './status/PipelineStatus.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '3rem auto', padding: '0 1rem' }}
    >
      <h1>Ludex</h1>
      <p>Open-source analytics for Roblox experiences. The dashboards arrive with the web app issue.</p>
      <PipelineStatus />
    </main>
  </StrictMode>,
)
