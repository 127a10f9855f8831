// The ceiling's page code (plain JS, added with addScriptTag, so no build step and no Ferry
// code): `window.signal(message)` reaches the other page's `window.onsignal(message)`.

async function connect(offerer) {
  const pc = new RTCPeerConnection({ iceServers: [] })
  pc.onicecandidate = (e) => {
    if (e.candidate) void window.signal({ candidate: e.candidate.toJSON() })
  }
  window.onsignal = async (m) => {
    if (m.sdp) {
      await pc.setRemoteDescription(m.sdp)
      if (!offerer) {
        await pc.setLocalDescription(await pc.createAnswer())
        await window.signal({ sdp: pc.localDescription.toJSON() })
      }
    } else if (m.candidate) await pc.addIceCandidate(m.candidate)
  }
  return pc
}

window.ceilingSend = async (messageSize = 16384) => {
  const file = document.getElementById('file').files[0]
  const pc = await connect(true)
  const channel = pc.createDataChannel('bench', { ordered: true })
  channel.binaryType = 'arraybuffer'
  channel.bufferedAmountLowThreshold = 1024 * 1024
  const open = new Promise((resolve) => channel.addEventListener('open', resolve, { once: true }))
  await pc.setLocalDescription(await pc.createOffer())
  await window.signal({ sdp: pc.localDescription.toJSON() })
  await open
  const done = new Promise((resolve) => {
    channel.onmessage = resolve
  })
  const block = 1024 * 1024
  for (let offset = 0; offset < file.size; offset += block) {
    const bytes = new Uint8Array(await file.slice(offset, offset + block).arrayBuffer())
    for (let at = 0; at < bytes.byteLength; at += messageSize) {
      if (channel.bufferedAmount > 4 * 1024 * 1024)
        await new Promise((resolve) => channel.addEventListener('bufferedamountlow', resolve, { once: true }))
      channel.send(bytes.subarray(at, at + messageSize))
    }
  }
  await done
  pc.close()
}

window.ceilingReceive = async (size) => {
  const pc = await connect(false)
  return new Promise((resolve) => {
    pc.ondatachannel = ({ channel }) => {
      channel.binaryType = 'arraybuffer'
      let received = 0
      let started = performance.now()
      channel.onopen = () => {
        started = performance.now()
      }
      channel.onmessage = (e) => {
        received += e.data.byteLength
        if (received >= size) {
          const seconds = (performance.now() - started) / 1000
          channel.send('ok')
          resolve(seconds)
        }
      }
    }
  })
}
