// The message box's mentions (issue 23, item 6): when "@" opens the list, who it offers, and
// where the chosen name goes (at the caret, not at the end of the text).
import { describe, expect, it } from 'vitest'
import { insertMention, matchPeople, mentionQueryAt } from '../../src/features/conversation/mention-draft'

describe('mentionQueryAt', () => {
  it('reads an "@" at the start of a word up to the caret', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' })
    expect(mentionQueryAt('Hola @Lu', 8)).toEqual({ start: 5, query: 'Lu' })
    expect(mentionQueryAt('Hola\n@Lucía M', 13)).toEqual({ start: 5, query: 'Lucía M' })
    // the caret in the middle of the text: only what is before it counts
    expect(mentionQueryAt('Hola @Ja, ¿vale?', 8)).toEqual({ start: 5, query: 'Ja' })
  })

  it('ignores an "@" inside a word, after a line break or a space right after it', () => {
    expect(mentionQueryAt('ana@example.com', 8)).toBeNull()
    expect(mentionQueryAt('@Lu\nhola', 8)).toBeNull()
    expect(mentionQueryAt('Hola @ equipo', 13)).toBeNull()
    expect(mentionQueryAt('sin arroba', 5)).toBeNull()
    expect(mentionQueryAt(`@${'x'.repeat(41)}`, 42)).toBeNull()
  })
})

describe('matchPeople', () => {
  const people = [
    { id: '1', full_name: 'Lucía Martín' },
    { id: '2', full_name: 'James Whitaker' },
    { id: '3', full_name: 'Martina Gil' },
  ]
  it('finds by the start of the name, then of a later word, ignoring case and accents', () => {
    expect(matchPeople(people, '').map((p) => p.id)).toEqual(['1', '2', '3'])
    expect(matchPeople(people, 'mar').map((p) => p.id)).toEqual(['3', '1'])
    expect(matchPeople(people, 'LUCIA m').map((p) => p.id)).toEqual(['1'])
    expect(matchPeople(people, 'whit').map((p) => p.id)).toEqual(['2'])
    expect(matchPeople(people, 'zz')).toEqual([])
  })
})

describe('insertMention', () => {
  it('puts the name where the "@" was, keeping the text after the caret', () => {
    const text = 'Hola @ja, ¿vale?'
    const mention = mentionQueryAt(text, 8)!
    expect(insertMention(text, mention, 8, 'James Whitaker')).toEqual({
      text: 'Hola @James Whitaker, ¿vale?',
      caret: 20,
    })
  })

  it('adds no second space when one follows (nor before punctuation), and leaves the caret after it', () => {
    const text = 'Hola @lu y saludos'
    expect(insertMention(text, { start: 5, query: 'lu' }, 8, 'Lucía Martín')).toEqual({
      text: 'Hola @Lucía Martín y saludos',
      caret: 19,
    })
    expect(insertMention('@', { start: 0, query: '' }, 1, 'Lucía Martín')).toEqual({
      text: '@Lucía Martín ',
      caret: 14,
    })
  })
})
