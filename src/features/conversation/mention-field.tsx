// The message box with mentions (issue 23, item 6): typing "@" offers the people of the project in
// a list under the box (the ARIA combobox pattern: the box stays focused, arrows move the active
// option, Enter mentions, Escape closes), and the chosen "@Full Name" goes where the "@" was typed.
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { Plural, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import type { ConversationPerson } from './queries'
import { insertMention, matchPeople, mentionQueryAt } from './mention-draft'
import * as styles from './conversation.css'

/** Options shown at once: the first few matches; typing more letters narrows them. */
const MAX_OPTIONS = 8

interface MentionFieldProps {
  id: string
  textRef: RefObject<HTMLTextAreaElement | null>
  className: string
  value: string
  onChange: (text: string) => void
  /** The people who may be mentioned here. */
  people: ConversationPerson[]
  onMention: (personId: string) => void
  describedBy: string
  maxLength?: number
  /** The text breaks a rule (its message is among `describedBy`). */
  invalid?: boolean
}

export function MentionField({
  id,
  textRef,
  className,
  value,
  onChange,
  people,
  onMention,
  describedBy,
  maxLength,
  invalid,
}: MentionFieldProps) {
  const { t } = useLingui()
  const listId = useId()
  const [caret, setCaret] = useState(0)
  const [focused, setFocused] = useState(false)
  const [active, setActive] = useState(0)
  // The "@" whose list was closed (Escape, or a person chosen) stays closed until another "@".
  const [dismissed, setDismissed] = useState<number | null>(null)
  const pendingCaret = useRef<number | null>(null)

  const mention = mentionQueryAt(value, caret)
  const matches = mention ? matchPeople(people, mention.query).slice(0, MAX_OPTIONS) : []
  const open = focused && mention !== null && mention.start !== dismissed && matches.length > 0
  const activeIndex = Math.min(active, matches.length - 1)
  const optionId = (index: number) => `${listId}-${index}`

  // The caret goes after the inserted name once React has put the new text in the box.
  useLayoutEffect(() => {
    const box = textRef.current
    if (pendingCaret.current === null || !box) return
    box.setSelectionRange(pendingCaret.current, pendingCaret.current)
    pendingCaret.current = null
  }, [value, textRef])

  const track = (box: HTMLTextAreaElement) => setCaret(box.selectionStart ?? box.value.length)

  const choose = (person: ConversationPerson) => {
    if (!mention) return
    const next = insertMention(value, mention, caret, person.full_name)
    pendingCaret.current = next.caret
    setCaret(next.caret)
    // The name just inserted reads as a mention being typed: its list stays closed.
    setDismissed(mention.start)
    onChange(next.text)
    onMention(person.id)
    textRef.current?.focus()
  }

  return (
    <>
      <textarea
        id={id}
        ref={textRef}
        className={className}
        value={value}
        maxLength={maxLength}
        required
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const box = event.target
          const next = mentionQueryAt(box.value, box.selectionStart ?? box.value.length)
          if (!next || next.start !== dismissed) setDismissed(null)
          setActive(0)
          track(box)
          onChange(box.value)
        }}
        onSelect={(event) => track(event.currentTarget)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (!open) return
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            const step = event.key === 'ArrowDown' ? 1 : -1
            setActive((activeIndex + step + matches.length) % matches.length)
          } else if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            choose(matches[activeIndex]!)
          } else if (event.key === 'Escape') {
            event.preventDefault()
            setDismissed(mention!.start)
          }
        }}
      />
      {open && (
        <ul id={listId} role="listbox" className={styles.mentionList} aria-label={t`People to mention`}>
          {matches.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.mentionOption}
              // The box keeps the focus (and its caret) while a pointer chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(person)}
            >
              {person.full_name}
            </li>
          ))}
        </ul>
      )}
      <span className={layout.visuallyHidden} role="status">
        {open && (
          <Plural
            value={matches.length}
            one="# person to mention: arrows choose, Enter mentions, Escape closes."
            other="# people to mention: arrows choose, Enter mentions, Escape closes."
          />
        )}
      </span>
    </>
  )
}
