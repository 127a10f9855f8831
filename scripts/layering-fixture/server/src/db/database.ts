import { shared } from '../../../contracts/src/shared.js'

export const db = { name: shared }
