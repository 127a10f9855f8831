import type { Background } from '@ferry/contracts/api/branding'
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useBackgrounds } from '../api/branding-api.js'

export interface BackgroundChoiceProps {
  /** The member's organization: its backgrounds are the choices. */
  organizationId: string
  /** The chosen background's id, or null to rotate. */
  value: string | null
  onChange(value: string | null): void
  disabled?: boolean
  /** Test ids' prefix: `transfer` on the send form, `detail` on the transfer's page. */
  testIdPrefix: string
}

const rotate = 'rotate'

/** A background's smallest rendition as a thumbnail; decorative, its alt text is the option's label. */
function Thumbnail({ background }: { background: Background }) {
  return (
    <picture>
      <source type="image/avif" srcSet={background.avif_srcset} sizes="96px" />
      <img
        src={background.src}
        srcSet={background.webp_srcset}
        sizes="96px"
        alt=""
        width={96}
        height={64}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
      />
    </picture>
  )
}

/**
 * Which of the organization's backgrounds a transfer's recipients see (issue 22 item 3): "Rotate"
 * (one of them, stable per transfer) or one chosen, each shown as a thumbnail with its alt text.
 * Nothing is shown while the organization has no backgrounds.
 */
export function BackgroundChoice({ organizationId, value, onChange, disabled, testIdPrefix }: BackgroundChoiceProps) {
  const { t } = useTranslation('branding')
  const list = useBackgrounds(organizationId)
  const backgrounds = list.data ?? []
  if (backgrounds.length === 0) return null
  // A chosen background deleted since: the transfer rotates again, and so does the choice shown.
  const current = value && backgrounds.some((b) => b.id === value) ? value : rotate
  return (
    <Radio.Group
      label={t('choice.label')}
      description={t('choice.description')}
      value={current}
      onChange={(next) => onChange(next === rotate ? null : next)}
      data-testid={`${testIdPrefix}-background`}
    >
      <Stack gap="xs" mt={6}>
        <Radio
          value={rotate}
          label={t('choice.rotate')}
          disabled={disabled}
          data-testid={`${testIdPrefix}-background-rotate`}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {backgrounds.map((background) => (
            <Radio
              key={background.id}
              value={background.id}
              disabled={disabled}
              data-testid={`${testIdPrefix}-background-option`}
              label={
                <Group gap="sm" wrap="nowrap">
                  <Thumbnail background={background} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {background.alt}
                  </Text>
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Radio.Group>
  )
}
