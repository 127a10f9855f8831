import type { Db } from '../../db/database.js'
import { loadOrCreateSecret } from '../../secrets/secrets.js'
import { createSecretBox, type SecretBox } from './webhook-secret-box.js'

/** The secret box, made once from the `webhook-secrets` app secret (every instance derives the same key). */
export function createWebhookSecrets(db: Db): () => Promise<SecretBox> {
  let box: Promise<SecretBox> | undefined
  return () => {
    box ??= loadOrCreateSecret(db, 'webhook-secrets')
      .then(createSecretBox)
      .catch((error) => {
        box = undefined // a database hiccup must not stick
        throw error
      })
    return box
  }
}
