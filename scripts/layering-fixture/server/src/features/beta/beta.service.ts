import { alphaService } from '../alpha/alpha.service.js'
import { findBeta } from './beta.repository.js'

export const betaService = { read: () => `${findBeta()} ${alphaService.read()}` }
