// The little of oidc-provider (a test dependency without bundled types) the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  interface KoaContextWithOIDC {
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId?: string }
    }
  }
  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }
  interface Configuration {
    clients?: Record<string, unknown>[]
    jwks?: { keys: object[] }
    cookies?: { keys: string[] }
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    features?: Record<string, { enabled: boolean }>
    pkce?: { required: () => boolean }
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    proxy: boolean
    Grant: new (properties: {
      clientId: string
      accountId: string
    }) => Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
