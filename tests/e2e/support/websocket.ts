// What a page's browser hears over its WebSockets (Realtime), for specs that check what reaches it.
import type { Page } from '@playwright/test'

/** Every frame the page's browser receives over WebSockets, as text. */
export function recordFrames(page: Page): string[] {
  const frames: string[] = []
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) =>
      frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')),
    ),
  )
  return frames
}
