import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import {
  forgetInvitationToken,
  invitationTokenFrom,
  JoinInvitationView,
  rememberInvitationToken,
} from '../../features/organizations/index.js'
import { loginPath, paths, registerPath } from '../../lib/paths.js'

/**
 * /organization/join#token=… (issue 22 item 1): the emailed invitation. The token stays in the
 * fragment (never sent to the server by the browser) and, while the reader signs in or up, in
 * session storage: the sign-in page's `?next=` names only this page.
 */
export function OrganizationJoinPage() {
  const { t } = useTranslation(['organizations', 'common'])
  const { hash } = useLocation()
  const { user } = useSession()
  const navigate = useNavigate()
  useDocumentTitle(`${t('join.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  // Read once: the fragment of the first visit, or the token kept across the sign-in.
  const [token] = useState(() => invitationTokenFrom(hash))
  useEffect(() => {
    if (token) rememberInvitationToken(token)
  }, [token])
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <JoinInvitationView
        token={token}
        signedInEmail={user?.email ?? null}
        loginTo={loginPath(paths.organizationJoin)}
        registerTo={registerPath(paths.organizationJoin)}
        organizationTo={paths.organization}
        onJoined={() => {
          forgetInvitationToken()
          void navigate(paths.organization)
        }}
      />
    </Container>
  )
}
