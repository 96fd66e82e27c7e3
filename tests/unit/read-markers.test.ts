// Where a conversation's "Read by" markers go: under the newest message each person has read,
// never under their own (the author is not a reader of what they wrote), never the viewer's.
import { describe, expect, it } from 'vitest'
import { readMarkers } from '../../src/features/conversation/read-markers'

const messages = [
  { id: 'm1', author_id: 'client', created_at: '2026-11-01T10:00:00Z' },
  { id: 'm2', author_id: 'staff', created_at: '2026-11-01T10:05:00Z' },
  { id: 'm3', author_id: 'staff', created_at: '2026-11-01T10:06:00Z' },
]

describe('readMarkers', () => {
  it('puts a marker under the newest message the person read that someone else wrote', () => {
    // Staff read up to their own last message: their marker goes under the client's message.
    const markers = readMarkers(messages, [{ user_id: 'staff', last_read_at: '2026-11-01T10:06:00Z' }], 'client')
    expect([...markers]).toEqual([['m1', ['staff']]])
  })

  it('never lists the author among the readers of their own message', () => {
    const reads = [
      { user_id: 'staff', last_read_at: '2026-11-01T10:07:00Z' },
      { user_id: 'client', last_read_at: '2026-11-01T10:07:00Z' },
      { user_id: 'other', last_read_at: '2026-11-01T10:07:00Z' },
    ]
    const markers = readMarkers(messages, reads, 'viewer')
    for (const message of messages) {
      expect(markers.get(message.id) ?? []).not.toContain(message.author_id)
    }
    expect(markers.get('m3')).toEqual(['client', 'other'])
    expect(markers.get('m1')).toEqual(['staff'])
  })

  it('shows no marker of the viewer, and none for someone who read nothing by others', () => {
    const reads = [
      { user_id: 'client', last_read_at: '2026-11-01T10:06:00Z' },
      { user_id: 'staff', last_read_at: '2026-11-01T10:00:30Z' },
      { user_id: 'late', last_read_at: '2026-11-01T09:00:00Z' },
    ]
    const markers = readMarkers(messages, reads, 'client')
    expect([...markers]).toEqual([['m1', ['staff']]])
  })

  it('places a reader under a message by a former member (no author)', () => {
    const withFormer = [...messages, { id: 'm4', author_id: null, created_at: '2026-11-01T10:08:00Z' }]
    const markers = readMarkers(withFormer, [{ user_id: 'staff', last_read_at: '2026-11-01T10:09:00Z' }], 'client')
    expect([...markers]).toEqual([['m4', ['staff']]])
  })
})
