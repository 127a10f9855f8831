import { Button, Menu } from '@mantine/core'
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { currentLanguage, type Language, supportedLanguages } from '../../lib/i18n.js'
import { headerMenuProps } from './menu-delays.js'

/** English / Español. The choice is cached in localStorage by i18next's detector. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common')
  const [searchParams, setSearchParams] = useSearchParams()
  const active = currentLanguage(i18n)

  const choose = (lng: Language) => {
    void i18n.changeLanguage(lng)
    // ?lng= outranks the stored choice, so it would undo this one on the next reload.
    if (searchParams.has('lng')) {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          next.delete('lng')
          return next
        },
        { replace: true },
      )
    }
  }

  return (
    <Menu {...headerMenuProps} position="bottom-end" width={170}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="dark.6"
          fw={500}
          aria-label={`${t('language.label')}: ${t(`language.${active}`)}`}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t(`language.${active}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {supportedLanguages.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => choose(lng)}
            rightSection={lng === active ? <IconCheck size={16} /> : null}
            fw={lng === active ? 600 : undefined}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
