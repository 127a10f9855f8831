import {
  defaultRoomDurationHours,
  normalizeMaxParticipants,
  normalizeRoomDuration,
  roomDurationsHours,
  roomParticipants,
  roomTitleMaxLength,
} from '@ferry/contracts/api/rooms'
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreateRoom } from '../api/room-queries.js'

export interface CreateRoomModalProps {
  opened: boolean
  onClose(): void
  onCreated(roomId: string): void
  /** The creation failed (product.md §4: shown, not only logged). */
  onFailed(error: unknown): void
}

/** spec/transfers.md §2 Direct transfer modal: title, participants 2–5 (fallback 5), duration (fallback 2). */
export function CreateRoomModal({ opened, onClose, onCreated, onFailed }: CreateRoomModalProps) {
  const { t } = useTranslation('rooms')
  const create = useCreateRoom()
  // Untouched (null), the field shows the default title in the UI's language, and that is the room's
  // title every guest sees (walk ES.2); cleared, the server names it in the account's language.
  const [typed, setTitle] = useState<string | null>(null)
  const title = typed ?? t('create.defaultTitle')
  const [participants, setParticipants] = useState<string | number>(roomParticipants.default)
  const [duration, setDuration] = useState<string | null>(String(defaultRoomDurationHours))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      {
        title: title.trim() || undefined,
        max_participants: normalizeMaxParticipants(participants),
        expires_in_hours: normalizeRoomDuration(duration),
      },
      {
        onSuccess: ({ id }) => onCreated(id),
        onError: (error) => {
          console.error('Room creation failed', error)
          onFailed(error)
        },
        // spec/transfers.md §2: the modal closes either way.
        onSettled: onClose,
      },
    )
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('create.roomTitle')}
            value={title}
            maxLength={roomTitleMaxLength}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-autofocus
          />
          <NumberInput
            label={t('create.maxParticipants')}
            min={roomParticipants.min}
            max={roomParticipants.max}
            allowDecimal={false}
            value={participants}
            onChange={setParticipants}
          />
          <Select
            label={t('create.duration')}
            data={roomDurationsHours.map((hours) => ({
              value: String(hours),
              label: t('create.hours', { count: hours }),
            }))}
            value={duration}
            onChange={setDuration}
            allowDeselect={false}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
