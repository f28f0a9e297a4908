import { useId, useRef, useState, type DragEvent } from 'react'
import { Alert, Box, Button, Group, List, Text } from '@mantine/core'
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@salon/shared'
import { IconAlertTriangle, IconPhotoUp } from '@tabler/icons-react'

export interface FileRefusal {
  file: File
  message: string
}

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
}

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 })} MB`

/** "JPEG, PNG, WebP, AVIF o GIF". */
export function typeList(accept: readonly string[]) {
  const names = accept.map((t) => TYPE_NAMES[t] ?? t)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} o ${names.at(-1)}` : (names[0] ?? '')
}

/**
 * Splits chosen or dropped files into those the server will take and those it would refuse, with
 * the reason in the owner's words (checked here so nobody waits for a 10 MB upload to fail).
 */
export function checkFiles(
  files: readonly File[],
  accept: readonly string[] = UPLOAD_IMAGE_TYPES,
  maxBytes = UPLOAD_MAX_BYTES,
): { accepted: File[]; refused: FileRefusal[] } {
  const accepted: File[] = []
  const refused: FileRefusal[] = []
  for (const file of files) {
    if (!accept.includes(file.type)) {
      refused.push({ file, message: `«${file.name}»: formato non supportato. Usa ${typeList(accept)}.` })
    } else if (file.size > maxBytes) {
      refused.push({
        file,
        message: `«${file.name}»: troppo grande (${megabytes(file.size)}). Il massimo è ${megabytes(maxBytes)}.`,
      })
    } else if (file.size === 0) {
      refused.push({ file, message: `«${file.name}»: il file è vuoto.` })
    } else accepted.push(file)
  }
  return { accepted, refused }
}

/**
 * Where images are dropped — or chosen with the button, for keyboard and touch users (a phone has
 * nothing to drag from). Several files at once; the ones the server would refuse are listed with
 * the reason and the others go on. A plain `<input type="file">` underneath (no library): see
 * admin/README.md.
 */
export function Dropzone({
  onFiles,
  title = 'Trascina qui le immagini',
  buttonLabel = 'Scegli le immagini',
  multiple = true,
  busy = false,
  accept = UPLOAD_IMAGE_TYPES,
  maxBytes = UPLOAD_MAX_BYTES,
  compact = false,
}: {
  /** The accepted files (never empty); may return the upload's promise. */
  onFiles: (files: File[]) => unknown
  title?: string
  buttonLabel?: string
  multiple?: boolean
  busy?: boolean
  accept?: readonly string[]
  maxBytes?: number
  compact?: boolean
}) {
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const [over, setOver] = useState(false)
  const [refused, setRefused] = useState<FileRefusal[]>([])

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? [])
    if (files.length === 0) return
    const checked = checkFiles(multiple ? files : files.slice(0, 1), accept, maxBytes)
    setRefused(checked.refused)
    if (checked.accepted.length > 0) void onFiles(checked.accepted)
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!busy) take(e.dataTransfer.files)
  }
  const onDragOver = (e: DragEvent) => {
    // Only files: a card being reordered is not a drop.
    if (!Array.from(e.dataTransfer.types).includes('Files')) return
    e.preventDefault()
    e.dataTransfer.dropEffect = busy ? 'none' : 'copy'
    setOver(true)
  }

  return (
    <Box>
      <Box
        data-testid="dropzone"
        data-over={over || undefined}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          border: `2px dashed ${over ? theme.colors[theme.primaryColor][7] : theme.colors.gray[5]}`,
          borderRadius: theme.radius.md,
          background: over ? theme.colors[theme.primaryColor][0] : theme.white,
          padding: compact ? theme.spacing.sm : theme.spacing.lg,
          textAlign: 'center',
          transition: 'background 120ms, border-color 120ms',
        })}
      >
        <Group position="center" spacing="sm" sx={{ flexDirection: compact ? 'row' : 'column' }}>
          <IconPhotoUp size={compact ? 22 : 32} aria-hidden />
          <div>
            <Text weight={600}>{title}</Text>
            <Text size="sm" color="dimmed" id={hintId}>
              {typeList(accept)}, fino a {megabytes(maxBytes)} ciascuna
            </Text>
          </div>
          <Button variant="light" loading={busy} onClick={() => input.current?.click()} aria-describedby={hintId}>
            {busy ? 'Caricamento…' : buttonLabel}
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          accept={accept.join(',')}
          multiple={multiple}
          hidden
          tabIndex={-1}
          aria-label={buttonLabel}
          onChange={(e) => {
            take(e.currentTarget.files)
            e.currentTarget.value = '' // the same file again is a new choice
          }}
        />
      </Box>
      {refused.length > 0 && (
        <Alert
          mt="sm"
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={
            refused.length === 1 ? 'Un file non è stato caricato' : `${refused.length} file non sono stati caricati`
          }
          withCloseButton
          closeButtonLabel="Chiudi l’avviso"
          onClose={() => setRefused([])}
          role="alert"
        >
          <List size="sm">
            {refused.map((r, i) => (
              <List.Item key={i}>{r.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  )
}
