/**
 * Run by the durability test as a separate process (`node --import tsx durability-child.ts`):
 * opens the database described by FERRY_DURABILITY_DATABASE (JSON of Config['database']), then
 * writes rows `<prefix>-0`, `<prefix>-1`, … one transaction each, printing `ACK n` only after
 * row n committed, until the test SIGKILLs it.
 */

import type { Config } from '../config.js'
import { openDatabase } from '../db/open-database.js'
import { appSecrets } from '../db/schema/index.js'

const config = JSON.parse(process.env.FERRY_DURABILITY_DATABASE ?? '') as Config['database']
const prefix = process.env.FERRY_DURABILITY_PREFIX ?? 'durability'

const database = await openDatabase(config)
process.stdout.write('OPEN\n')
for (let n = 0; ; n++) {
  await database.db.transaction(async (tx) => {
    await tx.insert(appSecrets).values({ name: `${prefix}-${n}`, value: 'x'.repeat(200) })
  })
  process.stdout.write(`ACK ${n}\n`)
}
