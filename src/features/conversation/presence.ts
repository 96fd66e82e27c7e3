// "Who is reading the thread": Realtime presence on the private channel `conversation:<project>`,
// which only the people of the project may join (policies on realtime.messages, decision 0016).
// Each open page is present under its person's id; the others' names are returned.
import { activePreview } from '@/lib/auth/view-as'
import { useEffect, useState } from 'react'
import type { RealtimeChannel } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

export function usePresence(projectId: string, viewerId: string, viewerName: string): string[] {
  const [names, setNames] = useState<string[]>([])
  useEffect(() => {
    let channel: RealtimeChannel | null = null
    let left = false
    void supabase.realtime.setAuth().then(() => {
      if (left) return
      const joined = supabase.channel(`conversation:${projectId}`, {
        config: { private: true, presence: { key: viewerId } },
      })
      joined.on('presence', { event: 'sync' }, () => {
        const state = joined.presenceState<{ name: string }>()
        const others = Object.entries(state)
          .filter(([key]) => key !== viewerId)
          .map(([, metas]) => metas[0]?.name ?? '')
          .filter((name) => name !== '')
        setNames([...new Set(others)].sort())
      })
      joined.subscribe((status) => {
        // A staff member's preview listens only: it is never the client present (decision 0022).
        if (status === 'SUBSCRIBED' && !activePreview()) void joined.track({ name: viewerName })
      })
      channel = joined
    })
    return () => {
      left = true
      setNames([])
      if (channel) void supabase.removeChannel(channel)
    }
  }, [projectId, viewerId, viewerName])
  return names
}
