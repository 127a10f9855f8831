import { describe, expect, it } from 'vitest'
import { savedFormKey, saveTransferForm, takeSavedTransferForm } from './saved-form.js'

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

describe('saved transfer form (spec/transfers.md §4)', () => {
  it('restores what was saved, once', () => {
    const storage = memoryStorage()
    const form = { recipients: ['a@b.co'], recipientInput: 'c@', title: 'Hi', message: 'Line 1\nLine 2' }
    saveTransferForm(form, storage)
    expect(takeSavedTransferForm(storage)).toEqual(form)
    expect(takeSavedTransferForm(storage)).toBeNull()
  })

  it('ignores a malformed entry and fills missing fields', () => {
    const storage = memoryStorage()
    storage.setItem(savedFormKey, '{nope')
    expect(takeSavedTransferForm(storage)).toBeNull()
    storage.setItem(savedFormKey, JSON.stringify({ recipients: ['a@b.co', 3], title: 7 }))
    expect(takeSavedTransferForm(storage)).toEqual({
      recipients: ['a@b.co'],
      recipientInput: '',
      title: '',
      message: '',
    })
  })
})
