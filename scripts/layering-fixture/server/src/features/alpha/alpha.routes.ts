import { alphaService } from './alpha.service.js'

export const alphaRoutes = () => alphaService.read()
