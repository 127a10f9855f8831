import { Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconLock, IconUserPlus } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { PageLoader } from '../../components/page-loader.js'
import { AuthModal, type AuthMode, safeNextPath, useSession } from '../../features/auth/index.js'
import {
  ReferralInvitationNotice,
  rememberReferralCode,
  useRedeemPendingReferral,
} from '../../features/referrals/index.js'
import { paths } from '../../lib/paths.js'
import { signInReason } from './sign-in-reason.js'

/**
 * /login and /register (spec/transfers.md §2): a prompt behind the auth modal, which opens at once.
 * Signing in goes to `?next=` (a path on this site only) or /; closing the modal while logged
 * out goes to /. The URL is left alone, so /register keeps its `?ref=` for the referral.
 */
function SignInPage({ initialMode, signupNotice }: { initialMode: AuthMode; signupNotice?: ReactNode }) {
  const { t } = useTranslation('common')
  const { isAuthenticated } = useSession()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const [mode, setMode] = useState(initialMode)
  const signup = initialMode === 'signup'
  const reason = signInReason(searchParams.get('next'))
  useDocumentTitle(`${t(signup ? 'auth.signUp' : 'auth.login')} · ${t('brand')}`)

  // Also what happens just after signing in here: the session changes and this page leaves. Until
  // the next page's code is in, a loader stands in for it rather than an empty page (walk 1.5).
  if (isAuthenticated) {
    return (
      <>
        <Navigate to={safeNextPath(searchParams.get('next'), window.location.origin)} replace />
        <PageLoader />
      </>
    )
  }

  return (
    <Center mih="60vh" px="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={420} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            {signup ? <IconUserPlus size={30} stroke={1.5} /> : <IconLock size={30} stroke={1.5} />}
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {t(signup ? 'auth.registerPrompt' : 'auth.loginPrompt')}
          </Text>
        </Stack>
      </Paper>
      <AuthModal
        opened
        mode={mode}
        onModeChange={setMode}
        onClose={() => void navigate(paths.home, { replace: true })}
        onAuthenticated={() => {}}
        reason={reason && mode === 'login' ? t(reason) : null}
        signupNotice={signupNotice}
        ssoError={mode === 'login' ? searchParams.get('sso_error') : null}
      />
    </Center>
  )
}

export function LoginPage() {
  return <SignInPage initialMode="login" />
}

/**
 * /register?ref={code} (spec/accounts.md §2): the dialog says who invites and the trial (or that the
 * code cannot be used); the code is kept for the upgrade modal and redeemed once signed up.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams()
  const ref = searchParams.get('ref')
  const { user } = useSession()
  const redeem = useRedeemPendingReferral()
  // Only for whoever arrived signed out: the session changing here is the sign-up (or a log-in).
  const arrivedSignedOut = useRef(user === null)
  useEffect(() => rememberReferralCode(ref), [ref])
  // Here, not in the modal's onAuthenticated: the page leaves (and the modal unmounts) as the session starts.
  useEffect(() => {
    if (!user || !arrivedSignedOut.current) return
    arrivedSignedOut.current = false
    void redeem(user.id)
  }, [user, redeem])
  const code = ref?.trim() ?? ''
  return (
    <SignInPage
      initialMode="signup"
      signupNotice={code && code.length <= 64 ? <ReferralInvitationNotice code={code} /> : undefined}
    />
  )
}
