import { Anchor, Container, Stack } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import { RoomView } from '../../features/rooms/index.js'
import { homeTabPath, paths } from '../../lib/paths.js'

/** /room/{roomId} and /rooms/{roomId} (spec/transfers.md §2, product.md §5): public; only participants see the room. */
export function RoomPage() {
  const { t } = useTranslation(['rooms', 'common'])
  const { roomId = '' } = useParams()
  const { user } = useSession()
  useDocumentTitle(`${t('room.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={homeTabPath('direct')} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('room.back')}
        </Anchor>
        {/* Keyed by who is signed in, so a login or logout starts the room over. */}
        <RoomView
          key={`${roomId}:${user?.id ?? ''}`}
          roomId={roomId}
          userId={user?.id ?? null}
          upgradeTo={paths.upgrade}
        />
      </Stack>
    </Container>
  )
}
