import { posix } from 'node:path'
import { uniqueEntryNames } from '../http/download/zip-names.js'

export type TreeNode<F> =
  | { kind: 'dir'; path: string; children: Map<string, TreeNode<F>> }
  | { kind: 'file'; path: string; file: F }

/**
 * The folders and files a transfer shows over SFTP, from its files' names (`photos/a.jpg` makes a
 * folder `photos`). Names are made safe and unique exactly as in the transfer's ZIP, so a path can
 * never climb out of the tree and two files never share one.
 */
export function buildTree<F extends { name: string }>(files: readonly F[]): TreeNode<F> {
  const root: TreeNode<F> = { kind: 'dir', path: '/', children: new Map() }
  const names = uniqueEntryNames(files.map((f) => f.name))
  files.forEach((file, i) => {
    const segments = names[i]!.split('/')
    let dir = root
    segments.forEach((segment, depth) => {
      const path = `/${segments.slice(0, depth + 1).join('/')}`
      if (depth === segments.length - 1) {
        // A file whose name is also a folder's (`a` and `a/b`) keeps the folder; the file is renamed.
        const name = dir.children.has(segment) ? `${segment} (file)` : segment
        dir.children.set(name, { kind: 'file', path: posix.join(dir.path, name), file })
        return
      }
      let next = dir.children.get(segment)
      if (next?.kind === 'file') {
        const renamed = `${segment} (file)`
        dir.children.set(renamed, { ...next, path: posix.join(dir.path, renamed) })
        next = undefined
      }
      if (!next) {
        next = { kind: 'dir', path, children: new Map() }
        dir.children.set(segment, next)
      }
      dir = next
    })
  })
  return root
}

/** A client's path made absolute and clean (`.`, `..`, repeated slashes), never above `/`. */
export function normalizePath(path: string): string {
  return posix.normalize(posix.join('/', path || '.')).replace(/(.)\/$/, '$1')
}

/** The node at a clean absolute path, or undefined. */
export function findNode<F>(root: TreeNode<F>, path: string): TreeNode<F> | undefined {
  let node: TreeNode<F> | undefined = root
  for (const segment of normalizePath(path).split('/').filter(Boolean)) {
    if (node?.kind !== 'dir') return undefined
    node = node.children.get(segment)
  }
  return node
}
