import { defaultRoomTitles } from '@ferry/contracts/api/rooms'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/rooms.json'
import es from '../../locales/es/rooms.json'

describe('default room title (walk ES.2)', () => {
  it('the create form shows the title the server gives a room without one, in each language', () => {
    expect(en.create.defaultTitle).toBe(defaultRoomTitles.en)
    expect(es.create.defaultTitle).toBe(defaultRoomTitles.es)
  })
})
