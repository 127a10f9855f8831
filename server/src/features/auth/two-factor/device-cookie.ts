import type { FastifyReply, FastifyRequest } from 'fastify'
import { cookieOptions } from '../../../http/auth-cookie.js'
import type { RememberedDeviceToken } from './second-factor.service.js'

/** The httpOnly cookie of "Remember this device": a random token, only its hash stored. */
export const deviceCookieName = 'ferry_device'

export const deviceTokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[deviceCookieName]
  return value && value.length <= 100 ? value : undefined
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, device: RememberedDeviceToken): void {
  reply.setCookie(deviceCookieName, device.token, { ...cookieOptions(request), expires: device.expiresAt })
}

export function clearDeviceCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(deviceCookieName, cookieOptions(request))
}
