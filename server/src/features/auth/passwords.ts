import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's first recommended parameter set (19 MiB, 2 passes, 1 lane): about 7 ms
 * a hash here. Changing these only affects new hashes; old ones carry their own parameters.
 */
export const passwordHashOptions: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, which isolatedModules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions)
}

/** Constant-time comparison inside argon2; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as checking a real password, so an unknown email answers no faster than
 * a wrong password for a known one. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches no account')
  await verifyPassword(await dummyHash, password)
  return false
}
