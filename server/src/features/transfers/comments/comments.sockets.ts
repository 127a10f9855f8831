import { commentsSocketPath } from '@ferry/contracts/api/comments'
import { errorMessages } from '@ferry/contracts/errors'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { EventBus } from '../../../adapters/event-bus/event-bus.js'
import { subscribeTo } from '../../../adapters/event-bus/topic.js'
import { AppError } from '../../../errors.js'
import { grantsOf } from '../access/grant-transport.js'
import { commentsTopic } from './comment-topics.js'
import type { CommentsService } from './comments.service.js'

type Admission = { ok: true; transferId: string } | { ok: false; code: number; reason: string }

const send = (socket: WebSocket, message: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
}

/** The close code for a refusal: who may not follow, or what is not there. */
function refusal(error: unknown): Admission {
  if (error instanceof AppError) {
    const code =
      error.status === 401
        ? socketCloseCodes.unauthenticated
        : error.status === 404 || error.status === 410
          ? socketCloseCodes.roomNotFound
          : socketCloseCodes.notMember
    return { ok: false, code, reason: errorMessages[error.code as keyof typeof errorMessages] ?? error.code }
  }
  throw error
}

/**
 * WebSocket /api/share/{uniqueId}/comments/ws?t=…: tells a share page which file's comments
 * changed, from any instance (the event bus). It carries no comment text: the page reads them
 * again through GET …/comments, which checks the access grant each time. Admitted with the checks
 * of reading the comments (the grant cookies are scoped to /api/share/{id}, so they come along).
 */
export function registerCommentsSocket(app: FastifyInstance, events: EventBus, comments: CommentsService) {
  const admissions = new WeakMap<FastifyRequest, Admission>()
  const open = new Set<WebSocket>()
  // Messages may have been lost: the page reconnects (1012) and reads the comments again.
  const stopResync = events.onResync(() => {
    for (const socket of open) socket.close(socketCloseCodes.eventsInterrupted, 'Real-time events were interrupted')
  })
  app.addHook('onClose', async () => stopResync())

  app.get(
    commentsSocketPath,
    {
      websocket: true,
      config: { access: 'public' },
      async preValidation(request: FastifyRequest) {
        const { uniqueId } = request.params as { uniqueId: string }
        const { t } = request.query as { t?: string }
        const admission = await comments
          .follow(uniqueId, request.user, grantsOf(request), typeof t === 'string' ? t : undefined)
          .then((transferId): Admission => ({ ok: true, transferId }), refusal)
        admissions.set(request, admission)
      },
    },
    async (socket, request) => {
      const admission = admissions.get(request)
      admissions.delete(request)
      if (!admission?.ok) {
        socket.close(admission?.code ?? socketCloseCodes.unauthenticated, admission?.reason ?? 'Not admitted')
        return
      }
      open.add(socket)
      const unsubscribe = subscribeTo(events, commentsTopic(admission.transferId), ({ file_id }) =>
        send(socket, { type: 'comments_changed', file_id }),
      )
      socket.on('message', (data) => {
        // The only frame a page sends is a keep-alive ping.
        if (String(data).includes('"ping"')) send(socket, { type: 'pong' })
      })
      socket.on('close', () => {
        open.delete(socket)
        void unsubscribe.then((stop) => stop()).catch(() => {})
      })
      await unsubscribe
    },
  )
}
