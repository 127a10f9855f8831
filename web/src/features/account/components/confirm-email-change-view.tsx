import { Button, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmailedLinkPage, LinkStepError } from '../../../components/emailed-link-page.js'
import { errorMessage } from '../../../lib/error-message.js'
import { sessionStore, useSession } from '../../auth/index.js'
import { accountApi, publicAccountApi } from '../api/account-api.js'

export interface ConfirmEmailChangeViewProps {
  token: string
  profilePath: string
  homePath: string
}

/**
 * The page of the link sent to a new address (product.md §23). Opening it changes nothing
 * (mail scanners open links); the button does. A browser signed in to the account shows the new
 * address at once.
 */
export function ConfirmEmailChangeView({ token, profilePath, homePath }: ConfirmEmailChangeViewProps) {
  const { t, i18n } = useTranslation('account')
  const { user } = useSession()
  const confirm = useMutation({
    mutationFn: async () => {
      await publicAccountApi.confirmEmailChange(token)
      if (user) sessionStore.updateUser((await accountApi.get()).user)
    },
  })

  return (
    <EmailedLinkPage
      title={t('emailChange.pageTitle')}
      missingToken={token ? null : t('emailChange.missing')}
      done={
        confirm.isSuccess
          ? {
              title: t('emailChange.doneTitle'),
              text: t('emailChange.doneText'),
              testId: 'email-change-done',
              action: (
                <Button component={Link} to={user ? profilePath : homePath}>
                  {user ? t('emailChange.toProfile') : t('emailChange.home')}
                </Button>
              ),
            }
          : null
      }
    >
      <Stack gap="md">
        <Text>{t('emailChange.pageText')}</Text>
        {confirm.isError && (
          <LinkStepError testId="email-change-error">{errorMessage(i18n, confirm.error)}</LinkStepError>
        )}
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending} data-testid="email-change-confirm">
          {t('emailChange.button')}
        </Button>
      </Stack>
    </EmailedLinkPage>
  )
}
