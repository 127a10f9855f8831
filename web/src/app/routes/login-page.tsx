import { Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * /login (spec 000 §2): the 'Please log in to continue' prompt. The login modal, and going to
 * `?next=` after signing in, arrive with the accounts feature.
 */
export function LoginPage() {
  const { t } = useTranslation('common')
  useDocumentTitle(`${t('auth.login')} · ${t('brand')}`)
  return (
    <Center mih="60vh" px="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={420} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconLock size={30} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {t('auth.loginPrompt')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  )
}
