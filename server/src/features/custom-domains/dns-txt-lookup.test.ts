import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalDnsServer, startDnsServer } from '../../testing/dns-server.js'
import { createTxtLookup } from './dns-txt-lookup.js'

describe('createTxtLookup (against a local DNS server)', () => {
  let dns: LocalDnsServer
  beforeAll(async () => {
    dns = await startDnsServer()
  })
  afterAll(() => dns.close())

  it('finds a record added while the test runs, and misses one removed', async () => {
    const lookup = createTxtLookup([dns.address], 1000)
    expect(await lookup('_ferry-challenge.files.example.test')).toEqual({ outcome: 'missing' })
    dns.setTxt('_ferry-challenge.files.example.test', 'ferry-verify=abc', 'other')
    expect(await lookup('_ferry-challenge.files.example.test')).toEqual({
      outcome: 'found',
      values: ['ferry-verify=abc', 'other'],
    })
    dns.removeTxt('_ferry-challenge.files.example.test')
    expect(await lookup('_ferry-challenge.files.example.test')).toEqual({ outcome: 'missing' })
  })

  it('tells a failing resolver apart from a missing record', async () => {
    const lookup = createTxtLookup([dns.address], 500)
    dns.failing(true)
    try {
      expect(await lookup('_ferry-challenge.files.example.test')).toMatchObject({ outcome: 'unreachable' })
    } finally {
      dns.failing(false)
    }
  })
})
