// An XState actor created when it is first needed instead of with the page. The header's menus
// are on every public page, but most visitors never open one: their machines (and xstate itself)
// load when a visitor first reaches for a menu, not during the first load. Until then the host
// renders the machine's initial state (snapshot null); events sent meanwhile are kept and given to
// the actor, in order, as soon as it starts, so the first click or key press is never lost.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { AnyActorRef, EventFrom, SnapshotFrom } from 'xstate'

export interface LazyActor<TActor extends AnyActorRef> {
  /** The running actor; null until it has loaded. */
  actor: TActor | null
  /** Its snapshot; null until it has loaded (the host shows the initial state). */
  snapshot: SnapshotFrom<TActor> | null
  /** Sends now, or as soon as the actor has started (loading it if need be). */
  send: (event: EventFrom<TActor>) => void
  /** Runs `use` with the actor now, or as soon as it has started, in order with `send`. */
  withActor: (use: (actor: TActor) => void) => void
  /** Starts loading ahead of use: when a pointer or the focus comes near. */
  prepare: () => void
}

const noSubscription = () => () => undefined

/**
 * `create` loads the machine's module and returns a new, unstarted actor; it is called once, on
 * the first `send` or `prepare`. `onStart` runs once it has started, before the kept events reach
 * it (to listen to what it emits); what it returns runs when the actor stops, with the host.
 */
export function useLazyActor<TActor extends AnyActorRef>(
  create: () => Promise<TActor>,
  onStart?: (actor: TActor) => () => void,
): LazyActor<TActor> {
  const [actor, setActor] = useState<TActor | null>(null)
  const createRef = useRef(create)
  createRef.current = create
  const onStartRef = useRef(onStart)
  onStartRef.current = onStart
  const stopListening = useRef<(() => void) | undefined>(undefined)
  const loading = useRef<Promise<void> | null>(null)
  const queued = useRef<((actor: TActor) => void)[]>([])
  // Set as soon as the actor starts, before React renders with it: what arrives in between
  // goes straight to it.
  const started = useRef<TActor | null>(null)
  const unmounted = useRef(false)

  const prepare = useCallback(() => {
    loading.current ??= createRef.current().then(
      (created) => {
        if (unmounted.current) return
        created.start()
        started.current = created
        stopListening.current = onStartRef.current?.(created)
        for (const use of queued.current.splice(0)) use(created)
        setActor(created)
      },
      (error: unknown) => {
        // A failed download (offline) is tried again on the next use.
        loading.current = null
        queued.current = []
        console.error('A menu could not load:', error)
      },
    )
  }, [])

  const withActor = useCallback(
    (use: (actor: TActor) => void) => {
      if (started.current) return use(started.current)
      queued.current.push(use)
      prepare()
    },
    [prepare],
  )
  const send = useCallback((event: EventFrom<TActor>) => withActor((running) => running.send(event)), [withActor])

  useEffect(() => {
    unmounted.current = false
    return () => {
      unmounted.current = true
    }
  }, [])
  useEffect(
    () =>
      actor
        ? () => {
            stopListening.current?.()
            started.current = null
            actor.stop()
          }
        : undefined,
    [actor],
  )

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return noSubscription()
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  const read = () => (actor ? (actor.getSnapshot() as SnapshotFrom<TActor>) : null)
  const snapshot = useSyncExternalStore(subscribe, read, () => null)

  return { actor, snapshot, send, withActor, prepare }
}
