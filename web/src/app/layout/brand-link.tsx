import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconShip } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.js'

export function BrandLink() {
  const { t } = useTranslation('common')
  return (
    <UnstyledButton component={Link} to={paths.home} aria-label={t('brandHome')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled">
          <IconShip size={22} stroke={1.8} />
        </ThemeIcon>
        <Text fw={800} fz={22} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
          {t('brand')}
        </Text>
      </Group>
    </UnstyledButton>
  )
}
