import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useRef } from 'react'
import { type PickedFile, pickedFromInput } from '../file-names.js'
import type { ResumableUpload } from '../resumable-uploads.js'
import { useUploadText } from './use-upload-text.js'

export interface ResumableOfferProps {
  uploads: readonly ResumableUpload[]
  /** The files picked to continue with; the engine matches them by name, size and date. */
  onFiles(files: PickedFile[]): void
  onDismiss(id: string): void
}

/**
 * A file picked on its own that an earlier upload sent from inside a folder ('photos/a.jpg')
 * gets that path back, so it is recognised as the same file.
 */
export function inEarlierFolders(files: PickedFile[], uploads: readonly ResumableUpload[]): PickedFile[] {
  return files.map((picked) => {
    if (picked.relativePath) return picked
    const earlier = uploads.find(
      (upload) => upload.size === picked.file.size && upload.name.endsWith(`/${picked.file.name}`),
    )
    return earlier ? { ...picked, relativePath: earlier.name } : picked
  })
}

/**
 * Unfinished uploads of an earlier visit (a reload, a crash, a lost network): the browser cannot
 * read a file again without the person, so it asks for the same files and then sends only what the
 * server is missing.
 */
export function ResumableOffer({ uploads, onFiles, onDismiss }: ResumableOfferProps) {
  const { t, formatSize, percent } = useUploadText()
  const input = useRef<HTMLInputElement>(null)
  if (uploads.length === 0) return null

  return (
    <Alert color="blue" variant="light" icon={<IconHistory size={18} />} data-testid="resumable-uploads">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('resume.title', { count: uploads.length })}
        </Text>
        <Text size="sm">{t('resume.hint')}</Text>
        <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {uploads.map((upload) => (
            <li key={upload.id} data-testid="resumable-upload" data-file-name={upload.name}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('resume.file', {
                    name: upload.name,
                    uploaded: formatSize(upload.uploadedBytes),
                    total: formatSize(upload.size),
                    percent: percent(upload.size > 0 ? upload.uploadedBytes / upload.size : 0),
                  })}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('resume.dismiss', { name: upload.name })}
                  onClick={() => onDismiss(upload.id)}
                />
              </Group>
            </li>
          ))}
        </ul>
        <Group>
          <Button size="compact-sm" onClick={() => input.current?.click()}>
            {t('resume.continue')}
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="resume-files-input"
          onChange={(event) => {
            const picked = event.currentTarget
            if (picked.files?.length) onFiles(inEarlierFolders(pickedFromInput(picked.files), uploads))
            picked.value = ''
          }}
        />
      </Stack>
    </Alert>
  )
}
