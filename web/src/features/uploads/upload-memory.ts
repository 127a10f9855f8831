/**
 * What the browser remembers of multipart uploads in progress (IndexedDB), so that after a
 * reload, a crash or a lost network the page can offer to continue them. Only the upload's
 * identity is kept (the session id and key, the file's name, size and lastModified, the parts this
 * page saw finish), never the file's bytes: the person picks the same file again and the server's
 * part list says what is missing (docs/decisions/0038-web-uploads-resume-across-reloads.md).
 *
 * One job: storing and reading these records. How parts are signed or sent is not its business.
 * Every failure of the store is swallowed: remembering is a help, never a reason for an upload to fail.
 */

export interface RememberedUpload {
  /** `scope`, name, size and lastModified together: the same file picked again finds it. */
  id: string
  /** 'account' for the signed-in sender, 'request:<id>' for an upload-request link. */
  scope: string
  /** The name it is uploaded under, folders kept. */
  name: string
  size: number
  lastModified: number
  type: string
  uploadId: string
  key: string
  /** Part numbers whose PUT this page saw finish (the server's list wins on resume). */
  parts: number[]
  /** When it was last written (ms): records untouched for `maxAgeMs` are dropped. */
  savedAt: number
}

export interface UploadMemory {
  /** The scope's records, oldest first; stale ones are dropped on the way. */
  list(scope: string): Promise<RememberedUpload[]>
  save(upload: Omit<RememberedUpload, 'id' | 'savedAt'>): Promise<void>
  addPart(id: string, partNumber: number): Promise<void>
  forget(id: string): Promise<void>
}

export interface UploadMemoryOptions {
  /** The IndexedDB to use; none (a browser without it, a test without it): nothing is remembered. */
  indexedDB?: IDBFactory | null
  dbName?: string
  now?: () => number
  /**
   * Records older than this are dropped unread. A week: the server's own pending uploads expire
   * sooner (config `uploads.pendingTtlMs`), and the list-parts check forgets those anyway.
   */
  maxAgeMs?: number
}

const storeName = 'uploads'
const weekMs = 7 * 24 * 60 * 60 * 1000

/** The record id of a file: the same scope, name, size and modification time. */
export function rememberedUploadId(scope: string, file: { name: string; size: number; lastModified: number }): string {
  return JSON.stringify([scope, file.name, file.size, file.lastModified])
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })

const noMemory: UploadMemory = {
  list: async () => [],
  save: async () => {},
  addPart: async () => {},
  forget: async () => {},
}

export function createUploadMemory(options: UploadMemoryOptions = {}): UploadMemory {
  const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB
  if (!factory) return noMemory
  const dbName = options.dbName ?? 'ferry-uploads'
  const now = options.now ?? Date.now
  const maxAgeMs = options.maxAgeMs ?? weekMs

  let opened: Promise<IDBDatabase> | null = null
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'id' })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
      request.onblocked = () => reject(new Error('upload memory blocked'))
    })
    // A failed open is tried again next time (the store may have been busy, or cleared).
    opened.catch(() => {
      opened = null
    })
    return opened
  }

  /** Runs `work` in one transaction and waits for it to commit; false when anything failed. */
  async function run(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<void> | void) {
    try {
      const tx = (await open()).transaction(storeName, mode)
      const finished = committed(tx)
      await work(tx.objectStore(storeName))
      await finished
      return true
    } catch {
      return false
    }
  }

  return {
    async list(scope) {
      let all: RememberedUpload[] = []
      await run('readwrite', async (store) => {
        all = await done(store.getAll() as IDBRequest<RememberedUpload[]>)
        const stale = all.filter((upload) => now() - upload.savedAt > maxAgeMs)
        for (const upload of stale) store.delete(upload.id)
        all = all.filter((upload) => !stale.includes(upload))
      })
      return all.filter((upload) => upload.scope === scope).sort((a, b) => a.savedAt - b.savedAt)
    },

    async save(upload) {
      const record: RememberedUpload = { ...upload, id: rememberedUploadId(upload.scope, upload), savedAt: now() }
      await run('readwrite', (store) => void store.put(record))
    },

    async addPart(id, partNumber) {
      // Read and write in one transaction: parts finishing together do not overwrite each other.
      await run('readwrite', async (store) => {
        const record = (await done(store.get(id))) as RememberedUpload | undefined
        if (!record || record.parts.includes(partNumber)) return
        store.put({ ...record, parts: [...record.parts, partNumber].sort((a, b) => a - b), savedAt: now() })
      })
    },

    async forget(id) {
      await run('readwrite', (store) => void store.delete(id))
    },
  }
}
