import { type RememberedUpload, rememberedUploadId, type UploadMemory } from '../upload-memory.js'

/** The upload memory in a Map, for engine tests (jsdom has no IndexedDB; the real one is tested in Chromium). */
export function createMapUploadMemory(): UploadMemory & { records: Map<string, RememberedUpload> } {
  const records = new Map<string, RememberedUpload>()
  return {
    records,
    list: async (scope) => [...records.values()].filter((record) => record.scope === scope),
    async save(upload) {
      const id = rememberedUploadId(upload.scope, upload)
      records.set(id, { ...upload, id, savedAt: Date.now() })
    },
    async addPart(id, partNumber) {
      const record = records.get(id)
      if (record && !record.parts.includes(partNumber)) record.parts = [...record.parts, partNumber]
    },
    async forget(id) {
      records.delete(id)
    },
  }
}
