import { describe, expect, it } from 'vitest'
import { createTransferProgressStore } from './transfer-progress-store.js'

const at = (bytes: number) => ({ bytes, total: 100, percent: bytes, bytesPerSecond: 0 })

describe('createTransferProgressStore', () => {
  it('tells only the listeners of the transfer whose progress moved', () => {
    const store = createTransferProgressStore()
    const heard: string[] = []
    store.subscribe('a', () => heard.push('a'))
    const stopB = store.subscribe('b', () => heard.push('b'))
    store.set('a', at(10))
    expect(store.get('a')).toEqual(at(10))
    expect(store.get('b')).toBeNull()
    expect(heard).toEqual(['a'])
    stopB()
    store.set('b', at(20))
    expect(heard).toEqual(['a'])
    expect(store.get('b')).toEqual(at(20))
  })

  it('forgets a dismissed transfer', () => {
    const store = createTransferProgressStore()
    let calls = 0
    store.subscribe('a', () => calls++)
    store.set('a', at(50))
    store.delete('a')
    expect(store.get('a')).toBeNull()
    expect(calls).toBe(2)
  })
})
