import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { appSecrets } from '../db/schema/index.js'

/**
 * The secret called `name`, generated (32 random bytes, base64url) the first time any instance
 * asks. Kept in the database rather than on local disk so that every instance sharing it agrees.
 */
export function loadOrCreateSecret(db: Db, name: string): Promise<string> {
  return loadOrCreateValue(db, name, () => randomBytes(32).toString('base64url'))
}

/**
 * A loader of the secret called `name` that asks the database once per instance and keeps the
 * answer; a failed load is forgotten, so a database hiccup does not stick.
 */
export function cachedSecret(db: Db, name: string): () => Promise<string> {
  let secret: Promise<string> | undefined
  return () => {
    secret ??= loadOrCreateSecret(db, name).catch((error) => {
      secret = undefined
      throw error
    })
    return secret
  }
}

/**
 * The value called `name`, made by `generate` the first time any instance asks (a key pair, say,
 * such as the SFTP host key, which every instance must present alike).
 */
export async function loadOrCreateValue(db: Db, name: string, generate: () => string): Promise<string> {
  const value = generate()
  // When two instances race, the loser's insert waits for the winner's commit, then does nothing.
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing({ target: appSecrets.name })
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`Secret ${name} vanished right after it was stored`)
  return row.value
}
