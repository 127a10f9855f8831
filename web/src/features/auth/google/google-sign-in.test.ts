import type { LoginResponse } from '@ferry/contracts/api/auth'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error.js'
import { type GoogleAccountsId, GoogleSignInError } from './google-identity.js'
import { GoogleSecondStepNeeded, type GoogleSignInDeps, signInWithGoogle } from './google-sign-in.js'

const login: LoginResponse = {
  access_token: 'jwt-0123456789',
  token_type: 'bearer',
  user: { id: '7d1f1c1e-5a3b-4c1d-9e2f-0a1b2c3d4e5f', email: 'g@example.com', name: 'G', role: 'FREE', picture: null },
}
const identity = {} as GoogleAccountsId
const clientId = 'client-1.apps.googleusercontent.com'

function deps(overrides: Partial<GoogleSignInDeps> = {}) {
  const calls: string[] = []
  const base: GoogleSignInDeps = {
    clientId: async () => {
      calls.push('clientId')
      return clientId
    },
    loadIdentity: async () => {
      calls.push('load')
      return identity
    },
    requestCredential: async (_id, id) => {
      calls.push(`prompt:${id}`)
      return 'google-id-token'
    },
    exchange: async (token) => {
      calls.push(`exchange:${token}`)
      return login
    },
  }
  return { calls, deps: { ...base, ...overrides } }
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(GoogleSignInError)
  return error as GoogleSignInError
}

describe('signInWithGoogle', () => {
  it('loads the script, asks Google, and exchanges the credential for a login', async () => {
    const { calls, deps: d } = deps()
    expect(await signInWithGoogle(d)).toEqual(login)
    expect(calls).toEqual(['clientId', 'load', `prompt:${clientId}`, 'exchange:google-id-token'])
  })

  it('stops before loading any script when the server has no Google client id', async () => {
    const { calls, deps: d } = deps({ clientId: async () => null })
    expect((await failureOf(signInWithGoogle(d))).failure).toBe('not_configured')
    expect(calls).toEqual([])
  })

  it("treats the server's 501 for the token as not configured", async () => {
    const notConfigured = new ApiError(501, 'Google authentication is not yet available.', 'google_not_configured')
    const { deps: d } = deps({ exchange: () => Promise.reject(notConfigured) })
    expect((await failureOf(signInWithGoogle(d))).failure).toBe('not_configured')
  })

  it('reports script load and initialisation failures as such', async () => {
    const loadFails = deps({ loadIdentity: () => Promise.reject(new GoogleSignInError('load_failed')) })
    expect((await failureOf(signInWithGoogle(loadFails.deps))).failure).toBe('load_failed')
    expect(loadFails.calls).not.toContain(`prompt:${clientId}`)
    const initFails = deps({ requestCredential: () => Promise.reject(new GoogleSignInError('init_failed')) })
    expect((await failureOf(signInWithGoogle(initFails.deps))).failure).toBe('init_failed')
    const closed = deps({ requestCredential: () => Promise.reject(new GoogleSignInError('cancelled')) })
    expect((await failureOf(signInWithGoogle(closed.deps))).failure).toBe('cancelled')
    expect(closed.calls).not.toContain('exchange:google-id-token')
  })

  it('hands back the credential when the account asks for its second step (issue 23)', async () => {
    const required = new ApiError(401, 'Enter the code.', 'second_factor_required')
    const error = await signInWithGoogle(deps({ exchange: () => Promise.reject(required) }).deps).catch((e) => e)
    expect(error).toBeInstanceOf(GoogleSecondStepNeeded)
    expect((error as GoogleSecondStepNeeded).credential).toBe('google-id-token')
    expect((error as GoogleSecondStepNeeded).methods).toEqual([])
  })

  it("passes on the second step's methods, so a passkey is offered as after a password", async () => {
    const required = new ApiError(401, 'Enter the code.', 'second_factor_required', {
      code: 'second_factor_required',
      methods: ['totp', 'recovery_code', 'passkey'],
    })
    const error = await signInWithGoogle(deps({ exchange: () => Promise.reject(required) }).deps).catch((e) => e)
    expect(error).toBeInstanceOf(GoogleSecondStepNeeded)
    expect((error as GoogleSecondStepNeeded).methods).toEqual(['totp', 'recovery_code', 'passkey'])
  })

  it("keeps the server's refusal, or an unreachable server, as the cause", async () => {
    const refused = new ApiError(401, 'Google authentication failed', 'google_auth_failed')
    const failure = await failureOf(signInWithGoogle(deps({ exchange: () => Promise.reject(refused) }).deps))
    expect(failure.failure).toBe('failed')
    expect(failure.cause).toBe(refused)

    const offline = new ApiError(0, 'Failed to connect to the server. Please try again.', 'network_error')
    const { calls, deps: d } = deps({ clientId: () => Promise.reject(offline) })
    const unreachable = await failureOf(signInWithGoogle(d))
    expect(unreachable).toMatchObject({ failure: 'failed', cause: offline })
    expect(calls).toEqual([])
  })
})
