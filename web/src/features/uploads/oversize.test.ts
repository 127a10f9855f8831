import { describe, expect, it } from 'vitest'
import { splitOversize } from './oversize.js'

const picked = (name: string, size: number) => ({ file: { name, size } as File })

describe('splitOversize', () => {
  it('refuses files over the limit and keeps the others in order', () => {
    const files = [picked('a', 10), picked('big', 101), picked('b', 100)]
    const { accepted, refused } = splitOversize(files, 100)
    expect(accepted.map((p) => p.file.name)).toEqual(['a', 'b'])
    expect(refused.map((p) => p.file.name)).toEqual(['big'])
  })

  it('keeps everything without a limit', () => {
    expect(splitOversize([picked('huge', 2 ** 50)], null).refused).toEqual([])
    expect(splitOversize([picked('huge', 2 ** 50)], undefined).accepted).toHaveLength(1)
  })
})
