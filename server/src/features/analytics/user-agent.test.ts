import { describe, expect, it } from 'vitest'
import { classifyUserAgent } from './user-agent.js'

describe('classifying a user agent', () => {
  it('tells desktop, phone and tablet browsers apart', () => {
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ device: 'desktop', browser: 'Chrome' })
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'mobile', browser: 'Safari' })
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'tablet', browser: 'Safari' })
    expect(classifyUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      device: 'desktop',
      browser: 'Firefox',
    })
  })

  it('names command-line clients and SFTP', () => {
    expect(classifyUserAgent('curl/8.5.0')).toEqual({ device: 'desktop', browser: 'curl' })
    expect(classifyUserAgent('OpenSSH_9.6p1')).toEqual({ device: 'desktop', browser: 'OpenSSH' })
  })

  it('knows crawlers as bots', () => {
    expect(classifyUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').device).toBe(
      'bot',
    )
  })

  it('says unknown when nothing came', () => {
    expect(classifyUserAgent(undefined)).toEqual({ device: 'unknown', browser: 'unknown' })
    expect(classifyUserAgent('   ')).toEqual({ device: 'unknown', browser: 'unknown' })
  })
})
