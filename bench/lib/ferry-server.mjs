// The real server (the bundle server/dist/main.js, as `npm start` runs it) in a child process of the
// benchmark, with a sampler of its own RSS that the benchmark reads over IPC: 'reset' starts a
// new peak from the current RSS (answered with it), 'peak' answers the peak since.
let peak = process.memoryUsage.rss()

function sample() {
  const rss = process.memoryUsage.rss()
  if (rss > peak) peak = rss
  return rss
}

setInterval(sample, 5).unref()
process.on('message', (message) => {
  if (message === 'reset') {
    peak = sample()
    process.send?.({ kind: 'reset', rss: peak })
  } else if (message === 'peak') {
    const rss = sample()
    process.send?.({ kind: 'peak', peak, rss })
  }
})

const { ensureServerBuild } = await import('../../scripts/build-server.mjs')
await import(await ensureServerBuild())
