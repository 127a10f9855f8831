import { db } from '../../db/database.js'

export const findBeta = () => db.name
