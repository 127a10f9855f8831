export const shared = 'contracts'
