import type { CommentAnchor, CommentThread, FileReview, ReviewVerdict } from '@ferry/contracts/api/comments'
import { commentMaxLength } from '@ferry/contracts/api/comments'
import {
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconCheck, IconMessageCircle, IconPencil } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useCommentActions, useFileComments, useLiveComments } from '../api/comments-api.js'
import { anchorLabel, parseMediaTime } from '../comment-anchors.js'

export interface CommentsPanelProps {
  uniqueId: string
  fileId: string
  /** The recipient's tracking id (`?t=` of their link): it names who writes. */
  trackingId: string | null
  /** Where a viewer is now (a PDF page, a media time, a region drawn): offered as a new thread's anchor. */
  anchor?: CommentAnchor | null
  /** Takes a viewer to a thread's anchor; without it anchors are shown as text. */
  onSeek?(anchor: CommentAnchor): void
  /** Follow the transfer's comments live (off when the page already follows them). */
  live?: boolean
}

type AttachChoice = 'none' | 'current' | 'page' | 'time'

function AnchorTag({ anchor, onSeek }: { anchor: CommentAnchor; onSeek?(anchor: CommentAnchor): void }) {
  const { t } = useTranslation('transfers')
  const label = anchorLabel(anchor)
  const text = t(`comments.anchor.${label.key}`, label.values)
  if (!onSeek) {
    return (
      <Badge variant="light" tt="none" data-testid="comment-anchor">
        {text}
      </Badge>
    )
  }
  return (
    <UnstyledButton onClick={() => onSeek(anchor)} aria-label={t('comments.seek', { where: text })}>
      <Badge variant="light" tt="none" style={{ cursor: 'pointer' }} data-testid="comment-anchor">
        {text}
      </Badge>
    </UnstyledButton>
  )
}

function ThreadView({
  thread,
  canWrite,
  onSeek,
  actions,
}: {
  thread: CommentThread
  canWrite: boolean
  onSeek?(anchor: CommentAnchor): void
  actions: ReturnType<typeof useCommentActions>
}) {
  const { t, i18n } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const [replying, setReplying] = useState(false)
  const [reply, setReply] = useState('')
  const send = () =>
    actions.create.mutate(
      { text: reply, thread_id: thread.id },
      {
        onSuccess: () => {
          setReply('')
          setReplying(false)
        },
      },
    )
  return (
    <Paper withBorder radius="md" p="sm" data-testid="comment-thread" data-resolved={thread.resolved}>
      <Stack gap="xs">
        {thread.anchor && (
          <Group gap="xs">
            <AnchorTag anchor={thread.anchor} onSeek={onSeek} />
          </Group>
        )}
        {thread.comments.map((comment) => (
          <Stack key={comment.id} gap={2} data-testid="comment">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {comment.author.name}
              {comment.author.kind === 'sender' && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  ({t('comments.sender')})
                </Text>
              )}
              <Text span size="xs" c="dimmed" fw={400}>
                {' · '}
                {formatDate(comment.created_at)}
              </Text>
            </Text>
            {/* Plain text, never HTML: React escapes it; line breaks are kept. */}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
              {comment.text}
            </Text>
          </Stack>
        ))}
        {canWrite && (
          <Group gap="xs">
            {!replying && (
              <Button size="xs" variant="subtle" onClick={() => setReplying(true)}>
                {t('comments.reply')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color={thread.resolved ? 'blue' : 'green'}
              loading={actions.setResolved.isPending && actions.setResolved.variables?.threadId === thread.id}
              onClick={() => actions.setResolved.mutate({ threadId: thread.id, resolved: !thread.resolved })}
            >
              {thread.resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          </Group>
        )}
        {replying && (
          <Stack gap="xs">
            <Textarea
              autosize
              minRows={2}
              maxLength={commentMaxLength}
              label={t('comments.reply')}
              placeholder={t('comments.replyPlaceholder')}
              value={reply}
              onChange={(event) => setReply(event.currentTarget.value)}
            />
            {actions.create.isError && (
              <ErrorAlert onClose={() => actions.create.reset()}>{errorMessage(i18n, actions.create.error)}</ErrorAlert>
            )}
            <Group gap="xs">
              <Button size="xs" onClick={send} disabled={reply.trim() === ''} loading={actions.create.isPending}>
                {t('comments.sendReply')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setReplying(false)}>
                {t('comments.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

function Verdicts({
  reviews,
  mine,
  canWrite,
  onVerdict,
  pending,
}: {
  reviews: readonly FileReview[]
  mine: ReviewVerdict | null
  canWrite: boolean
  onVerdict(verdict: ReviewVerdict): void
  pending: boolean
}) {
  const { t } = useTranslation('transfers')
  return (
    <Stack gap="xs" data-testid="comment-reviews">
      {canWrite && (
        <Group gap="xs" role="group" aria-label={t('comments.verdict.title')}>
          <Button
            size="xs"
            color="green"
            variant={mine === 'approved' ? 'filled' : 'light'}
            aria-pressed={mine === 'approved'}
            leftSection={<IconCheck size={14} />}
            disabled={pending}
            onClick={() => onVerdict('approved')}
          >
            {t('comments.verdict.approve')}
          </Button>
          <Button
            size="xs"
            color="orange"
            variant={mine === 'changes_requested' ? 'filled' : 'light'}
            aria-pressed={mine === 'changes_requested'}
            leftSection={<IconPencil size={14} />}
            disabled={pending}
            onClick={() => onVerdict('changes_requested')}
          >
            {t('comments.verdict.requestChanges')}
          </Button>
        </Group>
      )}
      {reviews.length > 0 && (
        <Group gap="xs">
          {reviews.map((review) => (
            <Badge
              key={`${review.reviewer.kind}:${review.reviewer.name}`}
              color={review.verdict === 'approved' ? 'green' : 'orange'}
              variant="light"
              tt="none"
              data-testid="comment-review"
            >
              {t('comments.verdict.by', {
                name: review.reviewer.name,
                verdict: t(`comments.verdict.${review.verdict}`),
              })}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  )
}

/**
 * The review comments of one file (issue 19 item 2): each reviewer's verdict, the open threads,
 * the resolved ones folded away, and a new comment, optionally attached to where a viewer is (or
 * to a page or a time typed in). Usable beside a viewer, on the share page's file list and on the
 * sender's transfer page.
 */
export function CommentsPanel({ uniqueId, fileId, trackingId, anchor, onSeek, live = true }: CommentsPanelProps) {
  const { t, i18n } = useTranslation('transfers')
  const query = useFileComments(uniqueId, fileId, trackingId)
  const actions = useCommentActions(uniqueId, fileId, trackingId)
  useLiveComments(uniqueId, trackingId, live)
  const [text, setText] = useState('')
  const [attach, setAttach] = useState<AttachChoice | null>(null)
  const [page, setPage] = useState<number | string>(1)
  const [time, setTime] = useState('')
  const [showResolved, setShowResolved] = useState(false)

  if (query.isPending) {
    return (
      <Group gap="xs" aria-busy="true">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('comments.loading')}
        </Text>
      </Group>
    )
  }
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(i18n, query.error) || t('comments.loadFailed')}
      </Text>
    )
  }

  const { threads, reviews, viewer } = query.data
  const open = threads.filter((thread) => !thread.resolved)
  const resolved = threads.filter((thread) => thread.resolved)
  const mine = reviews.find((r) => r.reviewer.kind === viewer.kind && r.reviewer.name === viewer.name)?.verdict ?? null
  const choice: AttachChoice = attach ?? (anchor ? 'current' : 'none')
  const currentLabel = anchor ? anchorLabel(anchor) : null
  const typedTime = parseMediaTime(time)
  const chosenAnchor: CommentAnchor | null | 'invalid' =
    choice === 'current'
      ? (anchor ?? null)
      : choice === 'page'
        ? typeof page === 'number' && Number.isInteger(page) && page >= 1
          ? { kind: 'page', page }
          : 'invalid'
        : choice === 'time'
          ? typedTime === null
            ? 'invalid'
            : { kind: 'time', seconds: typedTime }
          : null

  const post = () => {
    if (chosenAnchor === 'invalid') return
    actions.create.mutate(
      { text, anchor: chosenAnchor },
      {
        onSuccess: () => {
          setText('')
          setAttach(null)
        },
      },
    )
  }

  const attachOptions = [
    { value: 'none', label: t('comments.attachNone') },
    ...(currentLabel
      ? [
          {
            value: 'current',
            label: t('comments.attachCurrent', {
              where: t(`comments.anchor.${currentLabel.key}`, currentLabel.values),
            }),
          },
        ]
      : []),
    { value: 'page', label: t('comments.attachPage') },
    { value: 'time', label: t('comments.attachTime') },
  ]

  return (
    <Stack gap="md" data-testid="comments-panel">
      <Verdicts
        reviews={reviews}
        mine={mine}
        canWrite={viewer.can_write}
        pending={actions.review.isPending}
        onVerdict={(verdict) => actions.review.mutate(verdict)}
      />
      {actions.review.isError && (
        <ErrorAlert onClose={() => actions.review.reset()}>{errorMessage(i18n, actions.review.error)}</ErrorAlert>
      )}

      {threads.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      )}
      {open.map((thread) => (
        <ThreadView key={thread.id} thread={thread} canWrite={viewer.can_write} onSeek={onSeek} actions={actions} />
      ))}
      {resolved.length > 0 && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('comments.resolvedCount', { count: resolved.length })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={showResolved}
              onClick={() => setShowResolved((shown) => !shown)}
            >
              {showResolved ? t('comments.hideResolved') : t('comments.showResolved')}
            </Button>
          </Group>
          {showResolved && (
            <Stack gap="xs" data-testid="resolved-threads">
              {resolved.map((thread) => (
                <ThreadView
                  key={thread.id}
                  thread={thread}
                  canWrite={viewer.can_write}
                  onSeek={onSeek}
                  actions={actions}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}

      {viewer.can_write ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t('comments.new')}
          </Title>
          <Textarea
            autosize
            minRows={2}
            maxLength={commentMaxLength}
            aria-label={t('comments.new')}
            placeholder={t('comments.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group gap="xs" align="flex-end">
            <Select
              label={t('comments.attach')}
              data={attachOptions}
              value={choice}
              allowDeselect={false}
              onChange={(value) => setAttach((value as AttachChoice | null) ?? 'none')}
              w={220}
            />
            {choice === 'page' && (
              <NumberInput
                label={t('comments.pageLabel')}
                min={1}
                allowDecimal={false}
                value={page}
                onChange={setPage}
                w={100}
              />
            )}
            {choice === 'time' && (
              <TextInput
                label={t('comments.timeLabel')}
                value={time}
                onChange={(event) => setTime(event.currentTarget.value)}
                error={time !== '' && typedTime === null ? t('comments.timeInvalid') : undefined}
                w={140}
              />
            )}
          </Group>
          {actions.create.isError && (
            <ErrorAlert onClose={() => actions.create.reset()}>{errorMessage(i18n, actions.create.error)}</ErrorAlert>
          )}
          <Group>
            <Button
              leftSection={<IconMessageCircle size={16} />}
              onClick={post}
              disabled={text.trim() === '' || chosenAnchor === 'invalid'}
              loading={actions.create.isPending}
            >
              {t('comments.post')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="comments-read-only">
          {t('comments.readOnly')}
        </Text>
      )}
    </Stack>
  )
}
