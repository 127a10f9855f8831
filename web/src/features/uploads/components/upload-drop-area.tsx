import '@mantine/dropzone/styles.css'
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { IconCloudUpload, IconFilePlus, IconFolderPlus, IconPlus } from '@tabler/icons-react'
import { type ChangeEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { filesFromDataTransfer } from '../dropped-files.js'
import { type PickedFile, pickedFromInput } from '../file-names.js'

export interface UploadDropAreaProps {
  onFiles(files: PickedFile[]): void
  /** Smaller once files are listed below it. */
  compact?: boolean
}

/** The path each dropped file had inside its folder, read back in onDrop. */
const dropPaths = new WeakMap<File, string>()

type DropEventLike = { type?: string; dataTransfer?: DataTransfer | null; target?: EventTarget | null }

/**
 * react-dropzone asks this for the files of every drag event. For the drop itself folders are
 * walked through the entries API; while dragging, the items are enough to show the drop state.
 */
async function filesOfEvent(event: unknown): Promise<Array<File | DataTransferItem>> {
  const { type, dataTransfer, target } = (event ?? {}) as DropEventLike
  if (dataTransfer && type === 'drop') {
    const picked = await filesFromDataTransfer(dataTransfer)
    for (const { file, relativePath } of picked) if (relativePath) dropPaths.set(file, relativePath)
    return picked.map(({ file }) => file)
  }
  if (dataTransfer) return Array.from(dataTransfer.items).filter((item) => item.kind === 'file')
  const input = target as HTMLInputElement | null
  return input?.files ? Array.from(input.files) : []
}

/** 'Drag and drop files here' with Add files and Add folders (spec/transfers.md §1–2). */
export function UploadDropArea({ onFiles, compact = false }: UploadDropAreaProps) {
  const { t } = useTranslation('uploads')
  const filesInput = useRef<HTMLInputElement>(null)
  const foldersInput = useRef<HTMLInputElement>(null)

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    if (input.files?.length) onFiles(pickedFromInput(input.files))
    // Cleared so that picking the same file again (after removing it) fires a change.
    input.value = ''
  }

  return (
    <Dropzone
      onDrop={(files) => onFiles(files.map((file) => ({ file, relativePath: dropPaths.get(file) })))}
      getFilesFromEvent={filesOfEvent}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      radius="md"
      p={compact ? 'md' : { base: 'lg', sm: 'xl' }}
      bg="gray.0"
      style={{ borderWidth: 2, borderColor: 'var(--mantine-color-gray-4)' }}
      data-testid="upload-area"
    >
      <Stack align="center" gap={compact ? 6 : 'xs'} ta="center">
        {!compact && (
          <ThemeIcon size={64} radius="xl" variant="light">
            <Dropzone.Idle>
              <IconCloudUpload size={36} stroke={1.5} />
            </Dropzone.Idle>
            <Dropzone.Accept>
              <IconPlus size={36} stroke={1.5} />
            </Dropzone.Accept>
          </ThemeIcon>
        )}
        <Text fw={600} fz={compact ? 'md' : 'lg'}>
          <Dropzone.Idle>{t('picker.dropPrompt')}</Dropzone.Idle>
          <Dropzone.Accept>{t('picker.dropActive')}</Dropzone.Accept>
        </Text>
        {!compact && (
          <Text c="dimmed" size="sm">
            {t('picker.dropHint')}
          </Text>
        )}
        <Group gap="sm" justify="center" mt={compact ? 2 : 'xs'}>
          <Button
            size={compact ? 'xs' : 'sm'}
            leftSection={<IconFilePlus size={compact ? 16 : 18} />}
            onClick={() => filesInput.current?.click()}
          >
            {t('picker.addFiles')}
          </Button>
          <Button
            size={compact ? 'xs' : 'sm'}
            variant="default"
            leftSection={<IconFolderPlus size={compact ? 16 : 18} />}
            onClick={() => foldersInput.current?.click()}
          >
            {t('picker.addFolders')}
          </Button>
        </Group>
      </Stack>
      <input ref={filesInput} type="file" multiple hidden onChange={onPicked} data-testid="add-files-input" />
      <input
        ref={(element) => {
          foldersInput.current = element
          // Not in React's attribute types; the folder picker and webkitRelativePath come with it.
          element?.setAttribute('webkitdirectory', '')
        }}
        type="file"
        multiple
        hidden
        onChange={onPicked}
        data-testid="add-folders-input"
      />
    </Dropzone>
  )
}
