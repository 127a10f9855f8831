import { db } from '../../db/database.js'

export const findAlpha = () => db.name
