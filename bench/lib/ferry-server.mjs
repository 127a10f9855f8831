// The real server (the bundle server/dist/main.js, as `npm start` runs it) in a child process of the
// benchmark, with a gauge of its own peak RSS that the benchmark reads over IPC: 'reset' starts a
// new peak from the current RSS (answered with it), 'peak' answers the peak since.
//
// Linux keeps the peak itself (VmHWM in /proc/self/status) and resets it when "5" is written to
// /proc/self/clear_refs: exact, and free for the server being measured. Where that is refused,
// the RSS is sampled every 5 ms instead, which costs the server a little CPU and can miss a spike.
import { readFileSync, writeFileSync } from 'node:fs'

const kernelPeak = {
  reset() {
    writeFileSync('/proc/self/clear_refs', '5')
  },
  read() {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    if (kib === undefined) throw new Error('No VmHWM in /proc/self/status')
    return Number(kib) * 1024
  },
}

function sampledPeak() {
  let peak = process.memoryUsage.rss()
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }
  setInterval(sample, 5).unref()
  return {
    reset() {
      peak = process.memoryUsage.rss()
    },
    read() {
      sample()
      return peak
    },
  }
}

function choosePeakGauge() {
  try {
    kernelPeak.reset()
    kernelPeak.read()
    return kernelPeak
  } catch {
    return sampledPeak()
  }
}

const gauge = choosePeakGauge()
process.on('message', (message) => {
  if (message === 'reset') {
    gauge.reset()
    process.send?.({ kind: 'reset', rss: process.memoryUsage.rss() })
  } else if (message === 'peak') {
    process.send?.({ kind: 'peak', peak: gauge.read(), rss: process.memoryUsage.rss() })
  }
})

const { ensureServerBuild } = await import('../../scripts/build-server.mjs')
await import(await ensureServerBuild())
