// Room socket churn (room-churn.ts) in a process of its own: `room-churn-child.ts <origin> <rooms JSON file>`.
// Reports `{port: 0}` once every socket is open; answers the message 'stop' with the ChurnResult.
import fs from 'node:fs'
import { type LoadRoom, socketsPerSide, startRoomChurn } from './room-churn.js'

const [origin, roomsFile] = process.argv.slice(2)
const rooms = JSON.parse(fs.readFileSync(roomsFile!, 'utf8')) as LoadRoom[]
const churn = await startRoomChurn(origin!, rooms, { perSide: socketsPerSide, churnMs: 100, eventMs: 100 })
process.send?.({ port: 0, open: churn.openCount() })
process.on('message', (message) => {
  if (message !== 'stop') return
  void churn.stop().then((result) => process.send?.(result, () => process.exit(0)))
})
