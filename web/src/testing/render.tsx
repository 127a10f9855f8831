import type { Language } from '@ferry/contracts/domain/languages'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type RenderResult, render } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import type { ReactElement, ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { theme } from '../app/theme.js'
import { namespaces } from '../lib/i18n.js'

// Every locale file, read once per test file: components see the texts users see.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' })
const resources: Resource = {}
for (const [file, texts] of Object.entries(files)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? []
  if (!lng || !ns) continue
  resources[lng] = { ...resources[lng], [ns]: texts }
}

/** An i18next instance as the app's, with every translation loaded up front (no HTTP backend). */
export function createTestI18n(language: Language = 'en'): I18n {
  const i18n = i18next.createInstance()
  void i18n.init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: Object.keys(resources),
    ns: [...namespaces, ...Object.keys(resources.en ?? {})],
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

export interface RenderOptions {
  /** The interface language, 'en' unless told. */
  language?: Language
  /** Where the in-memory router starts, for components with links. */
  route?: string
}

export type RenderWithAppResult = RenderResult & {
  /** Types and clicks as a person would (Testing Library's user-event). */
  user: UserEvent
  i18n: I18n
  queryClient: QueryClient
}

/**
 * Renders `ui` inside the app's providers: the Mantine theme (env "test": no transitions, modals
 * in place), the translations in `language`, a fresh react-query client without retries and a
 * memory router.
 */
export function renderWithApp(
  ui: ReactElement,
  { language = 'en', route = '/' }: RenderOptions = {},
): RenderWithAppResult {
  const i18n = createTestI18n(language)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test" withCssVariables={false}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  )
  // No pause between keystrokes: typing costs no timers.
  const user = userEvent.setup({ delay: null })
  return Object.assign(render(ui, { wrapper }), { user, i18n, queryClient })
}
