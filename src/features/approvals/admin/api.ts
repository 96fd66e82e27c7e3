// The staff's writes on approvals: asking an organization's approvers to approve a deliverable, and
// choosing who approves. Each throws WriteError (a PostgREST error's code and message).
import { supabase } from '@/lib/supabase'
import { check, checkOk } from '@/lib/write-failure'

export type Deliverable = { document_id: string } | { report_id: string }

/** Asks the organization's approvers; the database fills in the rest (version, title, project). */
export async function requestApproval(deliverable: Deliverable, message: string | null): Promise<void> {
  // The record's derived columns are required in the row type but filled in by the database.
  check(
    await supabase
      .from('approval_requests')
      .insert({ ...deliverable, message } as never)
      .select('id'),
  )
}

export async function setApprover(organizationId: string, profileId: string, approver: boolean): Promise<void> {
  if (approver) {
    check(
      await supabase
        .from('organization_approvers')
        .insert({ organization_id: organizationId, profile_id: profileId })
        .select('profile_id'),
    )
  } else {
    checkOk(
      await supabase
        .from('organization_approvers')
        .delete()
        .eq('organization_id', organizationId)
        .eq('profile_id', profileId),
    )
  }
}
