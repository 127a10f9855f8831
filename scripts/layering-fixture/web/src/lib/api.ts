export const api = (path: string) => path
