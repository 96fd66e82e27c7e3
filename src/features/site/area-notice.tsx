// Why a signed-in person is on the home page: an area's guard sends a client who opened the admin
// area, or staff who opened the client portal, here with ?notice=… (the specification: a wrong
// role goes to `/`). The page is prerendered without it, so the words come once the page runs (an
// effect: the HTML and the hydrating render agree) and from a chunk of their own: the home page's
// first load carries only this empty live region and the few lines that fill it.
import { useEffect, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'
import type NoticeText from './area-notice-text'

export function AreaNotice() {
  const notice = useRouterState({ select: (state) => (state.location.search as { notice?: unknown }).notice })
  const [Text, setText] = useState<typeof NoticeText>()
  useEffect(() => {
    if (notice) void import('./area-notice-text').then((module) => setText(() => module.default))
  }, [notice])
  return <div role="status">{Text && <Text notice={notice} />}</div>
}
