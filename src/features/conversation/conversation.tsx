// A project's conversation (decision 0016), the same screen for clients and staff: the thread,
// live; who is reading it now (presence) and who has read up to where; the composer with
// mentions of people on the project (typed with "@") and attachments of its documents; edit within the edit
// window and delete one's own. Staff may write internal notes, visibly marked; row-level security
// keeps them from clients, so this screen never has to.
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { formatDateTime } from '@/lib/format'
import { useLiveQueryKeys } from '@/lib/use-live'
import { activePreview } from '@/lib/auth/view-as'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import { messagePieces } from '@/features/conversation/message-text'
import {
  conversationDocumentsQuery,
  conversationKeys,
  conversationMessagesQuery,
  conversationPeopleQuery,
  conversationReadsQuery,
  conversationSettingsQuery,
  type ConversationMessage,
  type ConversationPerson,
} from '@/features/conversation/queries'
import { deleteMessage, editMessage, markConversationRead, sendMessage } from '@/features/conversation/writes'
import { EmptyState } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import * as layout from '@/components/ui/layout.css'
import * as form from '@/components/form/form.css'
import { useRulesResolver } from '@/components/form/rules-resolver'
import { conversationFailureText } from './failure-messages'
import { checkMessage, type MessageInput } from './rules'
import { usePresence } from './presence'
import { readMarkers } from './read-markers'
import { MentionField } from './mention-field'
import * as styles from './conversation.css'

function useFailureText() {
  const { i18n } = useLingui()
  return (error: unknown) => conversationFailureText(i18n, error)
}

const noPeople: ConversationPerson[] = []

export function Conversation({ projectId, staff }: { projectId: string; staff: boolean }) {
  const profile = useProfile()
  const viewer = profile.id
  const queryClient = useQueryClient()
  const { data: messages } = useSuspenseQuery(conversationMessagesQuery(viewer, projectId))
  const reads = useQuery(conversationReadsQuery(viewer, projectId)).data ?? []
  const people = useQuery(conversationPeopleQuery(viewer, projectId)).data ?? noPeople
  const filter = `project_id=eq.${projectId}`
  useLiveQueryKeys({ table: 'conversation_messages', filter }, [
    conversationKeys.messages(viewer, projectId),
    conversationKeys.unread(viewer),
  ])
  useLiveQueryKeys({ table: 'conversation_reads', filter }, [conversationKeys.reads(viewer, projectId)])
  useLiveQueryKeys({ table: 'documents', filter }, [conversationKeys.documents(viewer, projectId)])
  const present = usePresence(projectId, viewer, profile.full_name || profile.email || '')

  // Reading the page marks the thread read up to its newest message; a staff member's preview of
  // the client's portal reads without marking anything (decision 0022).
  const newest = messages.at(-1)?.created_at
  const preview = activePreview() !== null
  useEffect(() => {
    if (!newest || preview) return
    void markConversationRead(projectId, newest).then(() =>
      queryClient.invalidateQueries({ queryKey: conversationKeys.unread(viewer) }),
    )
  }, [newest, preview, projectId, queryClient, viewer])

  const names = useMemo(() => new Map(people.map((person) => [person.id, person.full_name])), [people])
  return (
    <div className={styles.composer}>
      <Present names={present} />
      <Thread messages={messages} reads={reads} names={names} viewer={viewer} projectId={projectId} />
      {preview ? (
        <p className={page.mutedText} data-testid="preview-read-only">
          <Trans>This is a read-only preview: messages cannot be sent from it.</Trans>
        </p>
      ) : (
        <Composer projectId={projectId} staff={staff} people={people} viewer={viewer} />
      )}
    </div>
  )
}

function Present({ names }: { names: string[] }) {
  const { t } = useLingui()
  const list = names.join(', ')
  return (
    <p className={page.mutedText} aria-live="polite">
      {names.length ? t`Reading now: ${list}` : <Trans>Nobody else is reading now.</Trans>}
    </p>
  )
}

interface ThreadProps {
  messages: ConversationMessage[]
  reads: { user_id: string; last_read_at: string }[]
  names: Map<string, string>
  viewer: string
  projectId: string
}

/**
 * A link to one message (`#message-<id>`, as the notification e-mails give) brings it into view
 * once the thread holds it: the messages may arrive after the router has looked for the anchor.
 */
function useLinkedMessageInView(messages: ConversationMessage[]) {
  const hash = useLocation({ select: (location) => location.hash })
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (!hash.startsWith('message-') || shown.current === hash) return
    const element = document.getElementById(hash)
    if (!element) return
    shown.current = hash
    element.scrollIntoView({ block: 'center' })
  }, [hash, messages])
}

function Thread({ messages, reads, names, viewer, projectId }: ThreadProps) {
  const { t } = useLingui()
  useLinkedMessageInView(messages)
  const readers = useMemo(() => {
    const byMessage = new Map<string, string[]>()
    for (const [messageId, userIds] of readMarkers(messages, reads, viewer)) {
      byMessage.set(
        messageId,
        userIds.map((id) => names.get(id) ?? t`Someone`),
      )
    }
    return byMessage
  }, [messages, reads, names, viewer, t])
  if (messages.length === 0)
    return (
      <EmptyState>
        <Trans>No messages yet. Write the first one below.</Trans>
      </EmptyState>
    )
  return (
    <ol className={styles.thread} aria-label={t`Messages`} data-testid="conversation-thread">
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          names={names}
          mine={message.author_id === viewer}
          readBy={readers.get(message.id) ?? []}
          projectId={projectId}
        />
      ))}
    </ol>
  )
}

function MessageItem({
  message,
  names,
  mine,
  readBy,
  projectId,
}: {
  message: ConversationMessage
  names: Map<string, string>
  mine: boolean
  readBy: string[]
  projectId: string
}) {
  const { t, i18n } = useLingui()
  const settings = useQuery(conversationSettingsQuery()).data
  const [editing, setEditing] = useState(false)
  const author = mine ? t`You` : (message.author_id && names.get(message.author_id)) || t`Former member`
  const editable =
    mine &&
    !message.deleted_at &&
    settings !== undefined &&
    Date.now() < Date.parse(message.created_at) + settings.edit_minutes * 60_000
  const readers = readBy.join(', ')
  return (
    <li
      id={`message-${message.id}`}
      className={message.is_internal ? styles.internal : styles.message}
      data-testid="conversation-message"
    >
      <p className={styles.header}>
        <span className={styles.author}>{author}</span>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at, i18n.locale)}</time>
        {message.is_internal && (
          <span className={page.badge.neutral}>
            <Trans>Internal note: staff only</Trans>
          </span>
        )}
        {message.edited_at && !message.deleted_at && <Trans>(edited)</Trans>}
      </p>
      {message.deleted_at ? (
        <p className={styles.deleted}>
          <Trans>This message was deleted.</Trans>
        </p>
      ) : editing ? (
        <EditForm message={message} names={names} onDone={() => setEditing(false)} />
      ) : (
        <MessageBody message={message} names={names} projectId={projectId} />
      )}
      {readBy.length > 0 && (
        <p className={styles.readBy}>
          <Trans>Read by {readers}</Trans>
        </p>
      )}
      {mine && !message.deleted_at && !editing && (
        <OwnActions message={message} editable={editable} onEdit={() => setEditing(true)} />
      )}
    </li>
  )
}

function MessageBody({
  message,
  names,
  projectId,
}: {
  message: ConversationMessage
  names: Map<string, string>
  projectId: string
}) {
  const mentioned = message.mentions.flatMap((id) => (names.get(id) ? [names.get(id)!] : []))
  const pieces = messagePieces(message.body, mentioned)
  return (
    <>
      <p className={styles.body}>
        {pieces.map((piece, index) =>
          piece.kind === 'break' ? (
            <br key={index} />
          ) : piece.kind === 'link' ? (
            <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {piece.text}
            </a>
          ) : piece.kind === 'mention' ? (
            <strong key={index} className={styles.mention}>
              {piece.text}
            </strong>
          ) : (
            <span key={index}>{piece.text}</span>
          ),
        )}
      </p>
      {message.document_ids.length > 0 && <Attachments ids={message.document_ids} projectId={projectId} />}
    </>
  )
}

function Attachments({ ids, projectId }: { ids: string[]; projectId: string }) {
  const { t } = useLingui()
  const profile = useProfile()
  const documents = useQuery(conversationDocumentsQuery(profile.id, projectId)).data ?? []
  const { open, pending, error } = useOpenDocument()
  const attached = documents.filter((document) => ids.includes(document.id))
  if (attached.length === 0) return null
  return (
    <div>
      <ul className={page.plainList} aria-label={t`Attached documents`}>
        {attached.map((document) => (
          <li key={document.id}>
            <button
              type="button"
              className={styles.linkButton}
              aria-disabled={pending === document.id || undefined}
              onClick={() => void open(document.id, document.storage_path, document.name)}
            >
              {t`Download ${document.name}`}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className={page.inlineError}>
          {error}
        </p>
      )}
    </div>
  )
}

function OwnActions({
  message,
  editable,
  onEdit,
}: {
  message: ConversationMessage
  editable: boolean
  onEdit: () => void
}) {
  const { t } = useLingui()
  const failureText = useFailureText()
  const invalidate = useInvalidateThread(message.project_id)
  const [asking, setAsking] = useState(false)
  const removal = useMutation({ mutationFn: () => deleteMessage(message.id), onSettled: invalidate })
  return (
    <div className={page.actions}>
      {editable && (
        <button type="button" className={page.smallButton} onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
      )}
      {asking ? (
        <>
          <span>
            <Trans>Delete this message?</Trans>
          </span>
          <button type="button" className={page.smallButton} onClick={() => removal.mutate()}>
            {t`Yes, delete`}
          </button>
          <button type="button" className={page.smallButton} onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
        </>
      ) : (
        <button type="button" className={page.smallButton} onClick={() => setAsking(true)}>
          <Trans>Delete</Trans>
        </button>
      )}
      {removal.isError && (
        <p role="alert" className={page.inlineError}>
          {failureText(removal.error)}
        </p>
      )}
    </div>
  )
}

function useInvalidateThread(projectId: string) {
  const queryClient = useQueryClient()
  const profile = useProfile()
  return () => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(profile.id, projectId) })
}

/** Keeps the mentions whose "@Name" is still in the text. */
function mentionsIn(text: string, candidates: string[], names: Map<string, string>): string[] {
  return [...new Set(candidates)].filter((id) => names.has(id) && text.includes(`@${names.get(id)}`))
}

function EditForm({
  message,
  names,
  onDone,
}: {
  message: ConversationMessage
  names: Map<string, string>
  onDone: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const failureText = useFailureText()
  const invalidate = useInvalidateThread(message.project_id)
  const settings = useQuery(conversationSettingsQuery()).data
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MessageInput>({
    defaultValues: { body: message.body },
    resolver: useRulesResolver((values: MessageInput) => checkMessage(values, settings?.max_message_chars)),
  })
  const save = useMutation({
    mutationFn: ({ body }: MessageInput) => editMessage(message.id, body, mentionsIn(body, message.mentions, names)),
    onSuccess: onDone,
    onSettled: invalidate,
  })
  const error = errors.body?.message
  return (
    <form className={styles.composer} onSubmit={handleSubmit((values) => save.mutate(values))}>
      <label htmlFor={id} className={form.label}>
        <Trans>Edit your message</Trans>
      </label>
      <textarea
        id={id}
        className={`${form.input} ${form.textarea}`}
        maxLength={settings?.max_message_chars}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register('body')}
      />
      {error && (
        <span id={`${id}-error`} className={form.error}>
          {error}
        </span>
      )}
      <div className={page.actions}>
        <button type="submit" className={page.smallButton} aria-disabled={save.isPending || undefined}>
          {t`Save`}
        </button>
        <button type="button" className={page.smallButton} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {save.isError && (
        <p role="alert" className={page.inlineError}>
          {failureText(save.error)}
        </p>
      )}
    </form>
  )
}

interface ComposerValues extends MessageInput {
  internal: boolean
  /** The documents ticked to attach. */
  attached: string[]
}

const emptyComposer: ComposerValues = { body: '', internal: false, attached: [] }

function Composer({
  projectId,
  staff,
  people,
  viewer,
}: {
  projectId: string
  staff: boolean
  people: ConversationPerson[]
  viewer: string
}) {
  const { t } = useLingui()
  const ids = { text: useId(), mention: useId(), internal: useId(), hint: useId(), error: useId() }
  const failureText = useFailureText()
  const invalidate = useInvalidateThread(projectId)
  const settings = useQuery(conversationSettingsQuery()).data
  const documents = useQuery(conversationDocumentsQuery(viewer, projectId)).data ?? []
  const textRef = useRef<HTMLTextAreaElement>(null)
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ComposerValues>({
    defaultValues: emptyComposer,
    resolver: useRulesResolver((values: ComposerValues) => checkMessage(values, settings?.max_message_chars)),
    // The message box is a combobox of its own (MentionField): the form focuses it itself.
    shouldFocusError: false,
  })
  const { field: body } = useController({ control, name: 'body' })
  const { field: attachedField } = useController({ control, name: 'attached' })
  const internal = watch('internal')
  const attached = attachedField.value
  // Who was picked from the list while typing; a mention counts while its "@Name" is in the text.
  const [mentions, setMentions] = useState<string[]>([])
  // What was sent last ("Sent." or, after a note, that the next message is the client's again).
  const [sent, setSent] = useState<'message' | 'note' | null>(null)
  const names = useMemo(() => new Map(people.map((person) => [person.id, person.full_name])), [people])
  // Internal notes are for staff: clients cannot be mentioned in them.
  const mentionable = people.filter((p) => p.is_member && p.id !== viewer && p.full_name && (!internal || p.is_staff))
  const attachable = documents.filter((document) => internal || document.visible_to_client)
  const maxAttachments = settings?.max_attachments ?? 0
  const send = useMutation({
    mutationFn: (values: ComposerValues) =>
      sendMessage({
        projectId,
        body: values.body,
        isInternal: values.internal,
        mentions: mentionsIn(values.body, mentions, names),
        documentIds: values.attached.filter((id) => attachable.some((document) => document.id === id)),
      }),
    onSuccess: (_sent, values) => {
      // Each note is ticked on purpose: the next reply is meant for the client unless ticked again.
      reset(emptyComposer)
      setMentions([])
      setSent(values.internal ? 'note' : 'message')
      textRef.current?.focus()
    },
    onSettled: invalidate,
  })
  const submit = handleSubmit(
    (values) => {
      if (send.isPending) return
      setSent(null)
      send.mutate(values)
    },
    () => textRef.current?.focus(),
  )
  const limit = settings?.max_message_chars
  const error = errors.body?.message
  const hints = mentionable.length > 0 ? `${ids.hint} ${ids.mention}` : ids.hint
  return (
    <form
      className={internal ? styles.composerInternal : styles.composer}
      onSubmit={(event) => void submit(event)}
      aria-label={internal ? t`Write an internal note` : t`Write a message`}
      data-internal={internal || undefined}
    >
      {internal && (
        <p className={styles.internalBanner} data-testid="internal-draft">
          <Trans>Internal note: only staff will see it. The client will not.</Trans>
        </p>
      )}
      <div className={form.field}>
        <label htmlFor={ids.text} className={form.label}>
          {internal ? <Trans>Internal note (staff only)</Trans> : <Trans>Your message</Trans>}
        </label>
        <MentionField
          id={ids.text}
          textRef={textRef}
          className={`${form.input} ${form.textarea}`}
          value={body.value}
          maxLength={limit}
          invalid={Boolean(error)}
          describedBy={error ? `${ids.error} ${hints}` : hints}
          people={mentionable}
          onChange={body.onChange}
          onMention={(personId) => setMentions((current) => [...current, personId])}
        />
        <span id={ids.hint} className={form.hint}>
          {limit
            ? t`Plain text; links become clickable. Up to ${limit} characters.`
            : t`Plain text; links become clickable.`}
        </span>
        {mentionable.length > 0 && (
          <span id={ids.mention} className={form.hint}>
            <Trans>Type @ to mention someone on the project.</Trans>
          </span>
        )}
        {error && (
          <span id={ids.error} className={form.error}>
            {error}
          </span>
        )}
      </div>
      {staff && (
        <div className={form.checkboxRow}>
          <input id={ids.internal} type="checkbox" className={form.checkbox} {...register('internal')} />
          <label htmlFor={ids.internal}>
            <Trans>Internal note: only staff will see it</Trans>
          </label>
        </div>
      )}
      {attachable.length > 0 && maxAttachments > 0 && (
        <fieldset className={styles.attachments}>
          <legend className={form.label}>{t`Attach documents (up to ${maxAttachments})`}</legend>
          {attachable.map((document) => {
            const checked = attached.includes(document.id)
            return (
              <label key={document.id} className={form.checkboxRow}>
                <input
                  type="checkbox"
                  className={form.checkbox}
                  checked={checked}
                  disabled={!checked && attached.length >= maxAttachments}
                  onChange={(event) =>
                    attachedField.onChange(
                      event.target.checked ? [...attached, document.id] : attached.filter((id) => id !== document.id),
                    )
                  }
                />
                <span>{document.name}</span>
              </label>
            )
          })}
        </fieldset>
      )}
      <div className={page.actions}>
        <button type="submit" className={layout.buttonPrimary} aria-disabled={send.isPending || undefined}>
          {internal ? <Trans>Add internal note</Trans> : <Trans>Send</Trans>}
        </button>
        <span role="status" className={page.mutedText}>
          {sent === 'message' && !send.isPending && <Trans>Sent.</Trans>}
          {sent === 'note' && !send.isPending && (
            <Trans>Internal note added. What you write next goes to the client too.</Trans>
          )}
        </span>
      </div>
      {send.isError && (
        <p role="alert" className={page.inlineError}>
          {failureText(send.error)}
        </p>
      )}
    </form>
  )
}
