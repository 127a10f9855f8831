#!/usr/bin/env node
// The `ferry` command. Published, it runs the bundle in dist/; inside the Ferry repository (where
// src/ is present and tsx is installed) it runs the TypeScript sources, so `npx ferry` needs no build.
import { existsSync } from 'node:fs'

const source = new URL('../src/main.ts', import.meta.url)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
} else {
  await import(new URL('../dist/ferry.js', import.meta.url).href)
}
