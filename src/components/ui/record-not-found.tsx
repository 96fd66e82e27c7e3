// A staff page for one record (a lead, an organization) whose record is not there: the way back to
// its list, the page's title saying what was not found, and why.
import type { ReactNode } from 'react'
import * as page from './page.css'

export function RecordNotFound({ back, title, reason }: { back: ReactNode; title: ReactNode; reason: ReactNode }) {
  return (
    <div className={page.page}>
      {back}
      <h1 className={page.pageTitle}>{title}</h1>
      <p className={page.text}>{reason}</p>
    </div>
  )
}
