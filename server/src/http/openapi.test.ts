import { allRoutes } from '@ferry/contracts/routes/index'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

/** `GET /api/plans/{id}` as the OpenAPI document writes it, `GET /api/plans/:id` as contracts do. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`
const httpMethods = new Set(['get', 'head', 'post', 'put', 'patch', 'delete'])

describe('the OpenAPI document at /api/docs comes from the route definitions', () => {
  let t: TestApp
  let documented: string[]
  beforeAll(async () => {
    t = await buildTestApp()
    const doc = (await (await t.api('/api/docs/json')).json()) as { paths: Record<string, Record<string, unknown>> }
    documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => httpMethods.has(method))
        .map((method) => key(method, path)),
    )
  })
  afterAll(() => t?.close())

  it('defines every route once in contracts', () => {
    const defined = allRoutes.map((route) => key(route.method, route.path))
    expect(defined.filter((route, index) => defined.indexOf(route) !== index)).toEqual([])
  })

  it('documents every defined route', () => {
    expect(allRoutes.map((route) => key(route.method, route.path)).filter((r) => !documented.includes(r))).toEqual([])
  })

  it('documents nothing that is not defined in contracts', () => {
    const defined = new Set(allRoutes.map((route) => key(route.method, route.path)))
    // Fastify adds HEAD for every GET; a HEAD is documented only when defined.
    expect(documented.filter((route) => !defined.has(route) && !route.startsWith('HEAD '))).toEqual([])
  })
})
