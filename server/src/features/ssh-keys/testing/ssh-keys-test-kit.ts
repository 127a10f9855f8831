import { bearer, postJson } from '../../auth/testing/auth-test-kit.js'

/** POST /api/account/ssh-keys; the response. */
export const addSshKey = (api: Parameters<typeof postJson>[0], token: string, publicKey: string, name = 'Laptop') =>
  postJson(api, '/api/account/ssh-keys', { name, public_key: publicKey }, bearer(token))
