/** A visitor's guest token per room, for this tab only (sessionStorage), so a reload keeps the seat. */
const key = (roomId: string) => `ferry.room-guest.${roomId}`

export function readGuestToken(roomId: string): string | null {
  try {
    return sessionStorage.getItem(key(roomId))
  } catch {
    return null
  }
}

export function saveGuestToken(roomId: string, token: string) {
  try {
    sessionStorage.setItem(key(roomId), token)
  } catch {
    // Storage disabled: the seat lasts until the page closes.
  }
}

export function forgetGuestToken(roomId: string) {
  try {
    sessionStorage.removeItem(key(roomId))
  } catch {
    // Nothing stored.
  }
}
