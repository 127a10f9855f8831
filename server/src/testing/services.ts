import net from 'node:net'

/**
 * External services the driver tests use (PostgreSQL, Redis). With REQUIRE_SERVICES=1 a
 * missing service fails the run; without it the tests that need it are skipped, loudly.
 */
export const servicesRequired = process.env.REQUIRE_SERVICES === '1'

export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1500, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

async function available(name: string, url: string): Promise<string | undefined> {
  if (await reachable(url)) return url
  const message = `${name} is not reachable at ${url}`
  if (servicesRequired) throw new Error(`${message}, and REQUIRE_SERVICES=1 makes it mandatory.`)
  console.warn(`\n  !!! SKIPPED: ${message}; its tests are skipped. Set REQUIRE_SERVICES=1 to make this an error.\n`)
  return undefined
}

/** The admin URL of a reachable PostgreSQL server, or undefined (tests skip). */
export const availablePostgres = () => available('PostgreSQL', postgresAdminUrl)

/** The URL of a reachable Redis server, or undefined (tests skip). */
export const availableRedis = () => available('Redis', testRedisUrl)
