import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineRoutes, routePath, routeUrl, successSchema } from './route.js'

const api = defineRoutes('things', {
  get: { method: 'GET', path: '/api/things/:id/parts/:part', access: 'public', responses: { 200: z.string() } },
  remove: { method: 'DELETE', path: '/api/things/:id', access: 'user', responses: { 204: null } },
  create: { method: 'POST', path: '/api/things', access: 'user', responses: { 201: z.number() } },
})

describe('route definitions', () => {
  it('tags every route of a group with the group', () => {
    expect(api.get.tag).toBe('things')
    expect(api.remove).toMatchObject({ method: 'DELETE', path: '/api/things/:id', tag: 'things' })
  })

  it('fills path parameters, URL-encoded', () => {
    expect(routePath(api.get, { id: 'a b/c', part: 2 })).toBe('/api/things/a%20b%2Fc/parts/2')
  })

  it('refuses to build a path with a parameter missing', () => {
    expect(() => routePath(api.get, { id: 'x' })).toThrow(/part/)
  })

  it('adds the query, leaving out what is unset', () => {
    expect(routeUrl(api.remove, { params: { id: '7' }, query: { t: 'x y', a: undefined, b: null, n: 0 } })).toBe(
      '/api/things/7?t=x+y&n=0',
    )
  })

  it('finds the schema of the success body, or null when there is none', () => {
    expect(successSchema(api.create)).toBe(api.create.responses[201])
    expect(successSchema(api.remove)).toBeNull()
  })
})
