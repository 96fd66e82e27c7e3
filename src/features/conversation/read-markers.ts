// Who has read up to where: each person's "Read by" marker sits under the newest message they
// have read that someone else wrote. Their own messages say nothing about what they read (the
// author is never listed among a message's readers), and the viewer sees no marker of their own.

interface Message {
  id: string
  author_id: string | null
  created_at: string
}

interface Read {
  user_id: string
  last_read_at: string
}

/** Message id → the ids of the people whose marker sits under it, in the order of `reads`. */
export function readMarkers(messages: readonly Message[], reads: readonly Read[], viewer: string) {
  const byMessage = new Map<string, string[]>()
  for (const read of reads) {
    if (read.user_id === viewer) continue
    const last = messages.findLast((m) => m.author_id !== read.user_id && m.created_at <= read.last_read_at)
    if (!last) continue
    byMessage.set(last.id, [...(byMessage.get(last.id) ?? []), read.user_id])
  }
  return byMessage
}
