// Creates a PGlite data folder, then exits: run as a child process so that initdb's memory
// (hundreds of MB that the parent would otherwise keep) goes away with the process.
// Arguments: <data folder> <JSON array of start parameters>
import { PGlite } from '@electric-sql/pglite'

const [dir, params] = process.argv.slice(2)
const client = await PGlite.create({ dataDir: dir, startParams: JSON.parse(params ?? '[]') })
await client.close()
