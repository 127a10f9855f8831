import { api } from '../../lib/api.js'

export const oneView = () => api('/one')
