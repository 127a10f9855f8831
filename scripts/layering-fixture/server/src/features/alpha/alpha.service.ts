import { findAlpha } from './alpha.repository.js'

export const alphaService = { read: () => findAlpha() }
