import './lib/zod-without-eval.js'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers.js'
import { createAppRouter } from './app/router.js'
import { connectSession } from './features/auth/index.js'
import { initI18n } from './lib/i18n.js'
import { createQueryClient } from './lib/query-client.js'

initI18n()
const queryClient = createQueryClient()
const router = createAppRouter()
connectSession((to) => void router.navigate(to))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
