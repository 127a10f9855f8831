export * from './app-secrets.js'
export * from './job-leases.js'
export * from './revoked-tokens.js'
export * from './users.js'
