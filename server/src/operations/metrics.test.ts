import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metricValue } from '../cluster/harness/cluster.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

describe('/metrics, request ids and the instance header', () => {
  let open: TestApp
  let guarded: TestApp

  beforeAll(async () => {
    ;[open, guarded] = await Promise.all([
      buildTestApp({ env: { INSTANCE_ID: 'node-a' } }),
      buildTestApp({ env: { METRICS_TOKEN: 'metrics-secret-0123' } }),
    ])
  })
  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close()])
  })

  it('counts requests by route template and status, with latency and bytes', async () => {
    await open.api('/api/share/not-a-real-share-id')
    const response = await open.api('/metrics')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    const labels = { method: 'GET', route: '/api/share/:uniqueId', status: '404' }
    expect(metricValue(text, 'ferry_http_requests_total', labels)).toBeGreaterThanOrEqual(1)
    expect(metricValue(text, 'ferry_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1)
    expect(metricValue(text, 'ferry_bytes_downloaded_total', { route: '/api/share/:uniqueId' })).toBeGreaterThan(0)
    // No raw URL becomes a label.
    expect(text).not.toContain('not-a-real-share-id')
    for (const name of [
      'ferry_active_uploads',
      'ferry_room_sockets',
      'ferry_queue_oldest_age_seconds{queue="pending_uploads"}',
      'ferry_queue_oldest_age_seconds{queue="expired_transfers"}',
      'ferry_queue_oldest_age_seconds{queue="received_files"}',
      'ferry_process_resident_memory_bytes',
    ]) {
      expect(text).toContain(name)
    }
  })

  it('shows the job queue by kind and state, read from the database', async () => {
    const { jobQueue } = open.services
    await jobQueue.enqueue('metrics-probe', {})
    await jobQueue.enqueue('metrics-probe', {})
    const text = await (await open.api('/metrics')).text()
    expect(metricValue(text, 'ferry_queued_jobs', { kind: 'metrics-probe', state: 'queued' })).toBe(2)
    const [job] = await jobQueue.claim('probe', ['metrics-probe'], 1, 60_000)
    await jobQueue.complete(job!.id, 'probe')
    const after = await (await open.api('/metrics')).text()
    expect(metricValue(after, 'ferry_queued_jobs', { kind: 'metrics-probe', state: 'queued' })).toBe(1)
  })

  it('answers only loopback callers that came straight in when no METRICS_TOKEN is set', async () => {
    const forwarded = await open.api('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(forwarded.status).toBe(403)
    expect(await forwarded.json()).toMatchObject({ code: 'forbidden' })
  })

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await guarded.api('/metrics')).status).toBe(401)
    const wrong = await guarded.api('/metrics', { headers: { authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
    const right = await guarded.api('/metrics', { headers: { authorization: 'Bearer metrics-secret-0123' } })
    expect(right.status).toBe(200)
  })

  it('echoes the caller’s request id, or makes one, and names the instance', async () => {
    const mine = await open.api('/healthz', { headers: { 'x-request-id': 'abc-123' } })
    expect(mine.headers.get('x-request-id')).toBe('abc-123')
    expect(mine.headers.get('x-ferry-instance')).toBe('node-a')
    const unsafe = await open.api('/healthz', { headers: { 'x-request-id': 'bad id\twith spaces' } })
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const error = await open.api('/api/nothing-here')
    expect(error.status).toBe(404)
    expect(error.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('names an instance without INSTANCE_ID by an opaque id, not its host name (security review L-11)', async () => {
    const instance = (await guarded.api('/healthz')).headers.get('x-ferry-instance')
    expect(instance).toMatch(/^[0-9a-f]{12}$/)
    expect(instance).not.toContain(os.hostname())
    expect((await guarded.api('/healthz')).headers.get('x-ferry-instance')).toBe(instance)
  })
})
