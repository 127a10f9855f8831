import type { SecondFactorMethod } from '@ferry/contracts/api/passkeys'
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconBuilding, IconKey } from '@tabler/icons-react'
import { type FormEvent, useId, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-error.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { passkeyErrorMessage } from '../../../lib/passkey-error.js'
import { paths } from '../../../lib/paths.js'
import { useEmailSignIn, useGoogleSecondStep, usePasskeySignIn } from '../api/use-auth.js'
import { useGoogleEnabled } from '../api/use-google-enabled.js'
import { useSsoName } from '../api/use-sso-name.js'
import { authErrorMessage } from '../auth-error-message.js'
import {
  type AuthFormErrors,
  type AuthFormValues,
  type AuthMode,
  authLimits,
  validateAuthForm,
} from '../auth-form-validation.js'
import { ssoErrorMessage } from '../sso-error-message.js'
import { noteSsoStart } from '../sso-return.js'
import { ssoStartPath } from '../sso-start.js'
import { GoogleSignInButton } from './google-sign-in-button.js'
import { type SecondFactorAnswer, SecondFactorStep } from './second-factor-step.js'
import { SsoEmailPanel } from './sso-email-panel.js'

export interface AuthPanelProps {
  mode: AuthMode
  onModeChange(mode: AuthMode): void
  onAuthenticated(): void
  /** "Forgot password?" was chosen, with the email typed so far. */
  onForgotPassword?(email: string): void
  /** A refused single sign-on's code (`/signin?sso_error=`), shown translated above the form. */
  ssoError?: string | null
}

/** The auth modal's content (spec/transfers.md §2, §5): Google, then email and password, and the mode toggle. */
export function AuthPanel({ mode, onModeChange, onAuthenticated, onForgotPassword, ssoError }: AuthPanelProps) {
  const { t, i18n } = useTranslation(['common', 'account'])
  const emailSignIn = useEmailSignIn()
  const [values, setValues] = useState<AuthFormValues>({ name: '', email: '', password: '' })
  const [fieldErrors, setFieldErrors] = useState<AuthFormErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const signup = mode === 'signup'
  const passwordId = useId()
  const googleEnabled = useGoogleEnabled()
  const ssoName = useSsoName()
  // The password was right and the account asks for its second step (issue 23 item 2).
  const [secondStep, setSecondStep] = useState(false)
  // The same after Google: its credential goes again with the code.
  const [googleCredential, setGoogleCredential] = useState<string | null>(null)
  const googleSecondStep = useGoogleSecondStep()
  const passkeySignIn = usePasskeySignIn()
  // The second-step methods the account has (`methods` of the server's 401).
  const [methods, setMethods] = useState<SecondFactorMethod[]>([])
  // "Continue with single sign-on": the address's organization provider (issue 23 item 3); `required`
  // when a password sign-in was refused with `sso_required`.
  const [sso, setSso] = useState<{ email: string; required: boolean } | null>(null)

  /** The server's 401 asking for the second step: shows it, with the account's methods. */
  const askSecondStep = (error: unknown): boolean => {
    if (!isApiError(error) || error.code !== 'second_factor_required') return false
    const listed = (error.body as { methods?: SecondFactorMethod[] } | undefined)?.methods
    setMethods(Array.isArray(listed) ? listed : [])
    return true
  }

  const signInWithPasskey = () => {
    setFormError(null)
    passkeySignIn.mutate(undefined, {
      onSuccess: onAuthenticated,
      onError: (error) => setFormError(passkeyErrorMessage(i18n, error)),
    })
  }

  const fieldError = (field: keyof AuthFormValues) => {
    const key = fieldErrors[field]
    return key ? t(`auth.validation.${key}`, authLimits) : undefined
  }

  const change = (field: keyof AuthFormValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value
    setValues((prev) => ({ ...prev, [field]: value }))
    setFieldErrors((prev) => ({ ...prev, [field]: undefined }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const checked = validateAuthForm(mode, values)
    if (!checked.ok) {
      setFieldErrors(checked.errors)
      return
    }
    emailSignIn.mutate(checked, {
      onSuccess: onAuthenticated,
      onError: (error) => {
        if (askSecondStep(error)) setSecondStep(true)
        else if (isApiError(error) && error.code === 'sso_required')
          setSso({ email: values.email.trim(), required: true })
        else setFormError(authErrorMessage(i18n, error))
      },
    })
  }

  const submitSecondStep = (answer: SecondFactorAnswer) => {
    setFormError(null)
    if (googleCredential) {
      googleSecondStep.mutate(
        { credential: googleCredential, answer },
        { onSuccess: onAuthenticated, onError: (error) => setFormError(authErrorMessage(i18n, error)) },
      )
      return
    }
    const checked = validateAuthForm('login', values)
    if (!checked.ok || checked.mode !== 'login') return setSecondStep(false)
    emailSignIn.mutate(
      { ...checked, body: { ...checked.body, ...answer } },
      { onSuccess: onAuthenticated, onError: (error) => setFormError(authErrorMessage(i18n, error)) },
    )
  }

  if ((secondStep && !signup) || googleCredential) {
    return (
      <Stack gap="md">
        <SecondFactorStep
          methods={methods}
          pending={emailSignIn.isPending || googleSecondStep.isPending}
          onSubmit={submitSecondStep}
          onBack={() => {
            setSecondStep(false)
            setGoogleCredential(null)
            setFormError(null)
          }}
        />
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
      </Stack>
    )
  }

  if (sso && !signup) {
    return (
      <SsoEmailPanel
        initialEmail={sso.email}
        notice={sso.required ? t('auth.sso.requiredNotice') : null}
        onBack={() => setSso(null)}
      />
    )
  }

  const toggle = () => {
    setFieldErrors({})
    setFormError(null)
    emailSignIn.reset()
    onModeChange(signup ? 'login' : 'signup')
  }

  return (
    <Stack gap="md">
      {ssoError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sso-error">
          {ssoErrorMessage(i18n, ssoError)}
        </Alert>
      )}
      {ssoName && (
        // A full navigation: the server sends the browser to the provider (PKCE, state, nonce).
        <Button
          component="a"
          href={ssoStartPath(currentLanguage(i18n))}
          onClick={() => noteSsoStart()}
          variant="default"
          fullWidth
        >
          {t('auth.sso.button', { name: ssoName })}
        </Button>
      )}
      {googleEnabled && (
        <>
          <GoogleSignInButton
            disabled={emailSignIn.isPending}
            onStart={() => setFormError(null)}
            onSignedIn={onAuthenticated}
            onError={setFormError}
            onSecondStep={(credential, offered) => {
              setMethods([...offered])
              setGoogleCredential(credential)
            }}
          />
          <Divider label={t('auth.form.or')} labelPosition="center" />
        </>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {signup && (
            <TextInput
              label={t('auth.form.name')}
              placeholder={t('auth.form.namePlaceholder')}
              autoComplete="name"
              required
              maxLength={authLimits.nameMax}
              value={values.name}
              onChange={change('name')}
              error={fieldError('name')}
              data-autofocus
            />
          )}
          <TextInput
            type="email"
            label={t('auth.form.email')}
            placeholder={t('auth.form.emailPlaceholder')}
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={fieldError('email')}
            data-autofocus={signup ? undefined : true}
          />
          <PasswordInput
            id={passwordId}
            // Mantine leaves these off the inner input of a PasswordInput; screen readers need them.
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={
              [signup && `${passwordId}-description`, fieldErrors.password && `${passwordId}-error`]
                .filter(Boolean)
                .join(' ') || undefined
            }
            label={t('auth.form.password')}
            description={signup ? t('auth.form.passwordHint', authLimits) : undefined}
            autoComplete={signup ? 'new-password' : 'current-password'}
            required
            minLength={authLimits.passwordMin}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.form.togglePassword') }}
            value={values.password}
            onChange={change('password')}
            error={fieldError('password')}
          />
          {!signup && onForgotPassword && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="right"
              onClick={() => onForgotPassword(values.email.trim())}
              data-testid="forgot-password-link"
            >
              {t('forgot.link', { ns: 'account' })}
            </Anchor>
          )}
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          {signup && (
            <Text size="xs" c="dimmed" data-testid="signup-legal">
              <Trans
                t={t}
                i18nKey="auth.form.legal"
                // Underlined: inside a sentence, colour alone does not set a link apart (WCAG 1.4.1).
                components={{
                  terms: <Anchor href={paths.terms} target="_blank" rel="noopener" size="xs" underline="always" />,
                  privacy: <Anchor href={paths.privacy} target="_blank" rel="noopener" size="xs" underline="always" />,
                }}
              />
            </Text>
          )}
          <Button type="submit" size="md" fullWidth mt={4} loading={emailSignIn.isPending}>
            {t(signup ? 'auth.form.submitSignup' : 'auth.form.submitLogin')}
          </Button>
        </Stack>
      </form>
      {!signup && (
        <Button
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconKey size={18} />}
          loading={passkeySignIn.isPending}
          disabled={emailSignIn.isPending}
          onClick={signInWithPasskey}
          data-testid="passkey-sign-in"
        >
          {t('passkeys.signIn')}
        </Button>
      )}
      {!signup && (
        <Button
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconBuilding size={18} />}
          disabled={emailSignIn.isPending}
          onClick={() => setSso({ email: values.email.trim(), required: false })}
          data-testid="sso-sign-in"
        >
          {t('auth.sso.withOrganization')}
        </Button>
      )}
      <Text size="sm" ta="center" c="dimmed">
        {t(signup ? 'auth.form.haveAccount' : 'auth.form.noAccount')}{' '}
        <Anchor component="button" type="button" size="sm" fw={600} onClick={toggle}>
          {t(signup ? 'auth.form.toLogin' : 'auth.form.toSignup')}
        </Anchor>
      </Text>
    </Stack>
  )
}
