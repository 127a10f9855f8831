import os from 'node:os'
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'

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

/**
 * How many hashes run at once: at most one per core (and never all four libuv threads, which file reads
 * need too). More would only share the cores while each holds its 19 MiB: a burst of sign-ins
 * then costs memory and the threadpool, not throughput.
 */
const hashing = pLimit(Math.max(1, Math.min(os.availableParallelism(), 3)))

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, passwordHashOptions))
}

/** Constant-time comparison inside argon2; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password))
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
