// The cluster harness's round-robin proxy in a process of its own (so the load generator does not
// share its thread): `proxy-child.ts <instance origin>...`; reports `{port}` over IPC once listening.
import { startRoundRobinProxy } from '../../server/src/cluster/harness/round-robin-proxy.js'

const proxy = await startRoundRobinProxy()
for (const target of process.argv.slice(2)) proxy.add(target)
process.send?.({ port: proxy.port })
process.on('SIGTERM', () => {
  void proxy.close().then(() => process.exit(0))
})
