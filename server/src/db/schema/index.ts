export * from './app-secrets.js'
export * from './job-leases.js'
