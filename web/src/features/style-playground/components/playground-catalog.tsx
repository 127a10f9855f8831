import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Loader,
  Progress,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { IconHeart, IconInfoCircle } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import type { PlaygroundVariant, VariantSets } from '../playground-variants.js'

export interface PlaygroundEntry {
  /** Mantine's component name: its classes are `mantine-<name>-<part>`. */
  name: string
  sets: VariantSets
  render(variant: PlaygroundVariant, t: TFunction<'tools'>, index: number): ReactNode
}

const colors = ['blue', 'teal', 'grape', 'red'] as const

/** The Mantine components the playground shows, each in up to four variants. */
export const playgroundCatalog: readonly PlaygroundEntry[] = [
  {
    name: 'Button',
    sets: { variants: ['filled', 'light', 'outline', 'default'], sizes: ['md', 'sm'] },
    render: (v, t) => (
      <Button variant={v.variant} size={v.size}>
        {t('playground.sample.button')}
      </Button>
    ),
  },
  {
    name: 'ActionIcon',
    sets: { variants: ['filled', 'light', 'outline', 'subtle'], colors: ['grape', 'indigo'] },
    render: (v, t) => (
      <ActionIcon variant={v.variant} color={v.color} size="lg" aria-label={t('playground.sample.like')}>
        <IconHeart size={18} />
      </ActionIcon>
    ),
  },
  {
    name: 'Badge',
    sets: { variants: ['filled', 'light', 'outline', 'dot'], colors: ['teal', 'blue', 'grape', 'dark'] },
    render: (v, t) => (
      <Badge variant={v.variant} color={v.color}>
        {t('playground.sample.badge')}
      </Badge>
    ),
  },
  {
    name: 'Alert',
    sets: { variants: ['light', 'outline'], colors: ['blue', 'red'] },
    render: (v, t) => (
      <Alert variant={v.variant} color={v.color} title={t('playground.sample.alertTitle')} icon={<IconInfoCircle />}>
        {t('playground.sample.alertText')}
      </Alert>
    ),
  },
  {
    name: 'TextInput',
    sets: { sizes: ['xs', 'sm', 'md', 'lg'], variants: ['default', 'filled'] },
    render: (v, t, index) => (
      <TextInput
        size={v.size}
        variant={v.variant}
        label={`${t('playground.sample.inputLabel')} ${index + 1}`}
        placeholder={t('playground.sample.inputPlaceholder')}
      />
    ),
  },
  {
    name: 'Checkbox',
    sets: { colors: [...colors], sizes: ['sm', 'md'] },
    render: (v, t, index) => (
      <Checkbox
        defaultChecked
        color={v.color}
        size={v.size}
        label={`${t('playground.sample.checkbox')} ${index + 1}`}
      />
    ),
  },
  {
    name: 'Switch',
    sets: { colors: [...colors], sizes: ['sm', 'md', 'lg'] },
    render: (v, t, index) => (
      <Switch defaultChecked color={v.color} size={v.size} label={`${t('playground.sample.switch')} ${index + 1}`} />
    ),
  },
  {
    name: 'Progress',
    sets: { colors: [...colors], sizes: ['xs', 'sm', 'md', 'lg'] },
    render: (v, t, index) => (
      <Progress
        value={25 * (index + 1)}
        color={v.color}
        size={v.size}
        aria-label={`${t('playground.sample.progress')} ${25 * (index + 1)}%`}
      />
    ),
  },
  {
    name: 'Loader',
    sets: { variants: ['oval', 'bars', 'dots'], colors: ['blue', 'teal', 'grape'] },
    render: (v) => <Loader type={v.variant} color={v.color} size="sm" />,
  },
  {
    name: 'Card',
    sets: { variants: ['withBorder', 'shadow'] },
    render: (v, t) => (
      <Card withBorder={v.variant === 'withBorder'} shadow={v.variant === 'shadow' ? 'md' : undefined} padding="md">
        <Text fw={600}>{t('playground.sample.cardTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('playground.sample.cardText')}
        </Text>
      </Card>
    ),
  },
]
