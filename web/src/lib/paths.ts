/** Routes of the web app (spec/transfers.md §2, spec/accounts.md §2), in one place so links and the router agree. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  /** The emailed confirmation link's page (`#token=…`), which confirms with a POST on a click. */
  confirmEmail: '/confirm-email',
  /** The emailed password-reset link's page (`#token=…`), product.md §23. */
  resetPassword: '/reset-password',
  /** The page of the link that confirms a new email address (`#token=…`). */
  confirmEmailChange: '/confirm-email-change',
  upgrade: '/upgrade',
  upgradeSuccess: '/upgrade/success',
  subscribe: '/subscribe',
  recoverySuccess: '/recovery-success',
  plans: '/plans',
  contact: '/contact',
  invite: '/invite',
  profile: '/profile',
  /** Where an account must set up two-factor sign-in once the admin's grace period ended (issue 23 item 2). */
  twoFactorSetup: '/account/two-factor',
  /** The profile's "Sign-in and security" section. */
  profileSecurity: '/profile#sign-in-and-security',
  transfers: '/transfers',
  transferHistory: '/transfer-history',
  /** The account's analytics panel (issue 21), `?from=…&to=…` for a period. */
  analytics: '/analytics',
  /** The organization's stylesheet and backgrounds (issue 22 items 3 and 4). */
  organizationBranding: '/organization/branding',
  /** The reader's organization (issue 22 item 1). */
  organization: '/organization',
  /** The emailed invitation's page (`#token=…`). */
  organizationJoin: '/organization/join',
  /** The custom domains of the reader's organization (issue 22 item 2). */
  organizationDomains: '/organization/domains',
  /** The single sign-on of the reader's organization (issue 23 item 3). */
  organizationSso: '/organization/sso',
  tools: '/tools',
  fileProtection: '/tools/file-protection',
  sellFiles: '/tools/sell-files',
  admin: '/admin',
  dashboard: '/dashboard/',
  mantineGuide: '/mantine-guide',
  nonprofit: '/resources/nonprofit',
  teams: '/resources/teams',
  enterprise: '/resources/enterprise',
  styleguide: '/styleguide',
  help: '/help',
  terms: '/terms',
  privacy: '/privacy',
} as const

/** A transfer's page under My Transfers. */
export const transferPath = (transferId: string) => `${paths.transfers}/${encodeURIComponent(transferId)}`

/** A transfer room (spec/transfers.md §2; /rooms/{id} opens it too). */
export const roomPath = (roomId: string) => `/room/${encodeURIComponent(roomId)}`

/** /login, remembering where to come back to after signing in. */
export function loginPath(next?: string): string {
  return next && next !== paths.home ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login
}

/** /register, coming back to `next` once signed up (the sign-in page reads the same `?next=`). */
export function registerPath(next: string): string {
  return `${paths.register}?next=${encodeURIComponent(next)}`
}

export const homeTabs = ['send', 'request', 'direct'] as const
export type HomeTab = (typeof homeTabs)[number]

/** The home page opened on a tab (`/?tab=request`); the send tab is the plain `/`. */
export function homeTabPath(tab: HomeTab): string {
  return tab === 'send' ? paths.home : `${paths.home}?tab=${tab}`
}
