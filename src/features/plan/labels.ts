// The plan's codes in words, and the tone of their badges.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BadgeTone } from '@/lib/labels'

export const phaseStatusLabels: Record<string, MessageDescriptor> = {
  planned: msg`Planned`,
  in_progress: msg`In progress`,
  done: msg`Done`,
}

export const phaseStatusTone: Record<string, BadgeTone> = { planned: 'muted', in_progress: 'active', done: 'done' }

export const milestoneStatusLabels: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  reached: msg`Reached`,
}
