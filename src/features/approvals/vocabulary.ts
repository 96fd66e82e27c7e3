// What staff may put up for approval and the states of a request: the closed lists the database
// accepts (approval_requests_*_check, approval_decisions_decision_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database.

/** What staff may ask a client to approve, where a request stands, and the answers an approver gives. */
export const deliverableTypes = ['document', 'report'] as const
export const approvalStatuses = ['pending', 'approved', 'changes_requested'] as const
export const approvalDecisions = ['approved', 'changes_requested'] as const
export type ApprovalDecisionCode = (typeof approvalDecisions)[number]
