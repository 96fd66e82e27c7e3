// The rules of a request for approval and of an answer to one, as their forms check them: what
// each allows and what it refuses, with the message the form shows (and the staff form's error map
// says the same words for the table's constraint).
import { describe, expect, it } from 'vitest'
import {
  approvalAnswerMessages,
  approvalFailures,
  approvalRequestMessages,
  checkApprovalAnswer,
  checkApprovalRequest,
  toDeliverable,
} from '../../src/features/approvals/rules'

const long = 'a'.repeat(2001)
const longest = 'a'.repeat(2000)

describe('a request for approval', () => {
  it('allows a chosen document or report, with or without a message of up to 2,000 characters', () => {
    for (const deliverable of ['document:7b1c', 'report:9f00'])
      for (const message of ['', '  ', 'Please review it this week.', longest, ` ${longest} `])
        expect(checkApprovalRequest({ deliverable, message }).problems, `${deliverable} ${message.length}`).toEqual([])
  })

  it('refuses nothing chosen, or anything but a document or a report', () => {
    for (const deliverable of ['', ' ', 'document:', 'report:', 'task:1', 'document'])
      expect(checkApprovalRequest({ deliverable, message: '' }).problems, deliverable).toEqual([
        { field: 'deliverable', rule: 'deliverable', message: approvalRequestMessages.deliverable },
      ])
  })

  it('refuses a message over 2,000 characters (after trimming), on the message, with the constraint’s words', () => {
    expect(checkApprovalRequest({ deliverable: 'report:1', message: long }).problems).toEqual([
      { field: 'message', rule: 'messageLength', message: approvalRequestMessages.messageLength },
    ])
    expect(approvalFailures.constraints.approval_requests_message_length).toEqual({
      field: 'message',
      message: approvalRequestMessages.messageLength,
    })
  })

  it('names both fields when both are wrong, in the form’s order', () => {
    expect(checkApprovalRequest({ deliverable: '', message: long }).problems.map((p) => p.field)).toEqual([
      'deliverable',
      'message',
    ])
  })

  it('turns the choice into the request’s column', () => {
    expect(toDeliverable('document:7b1c')).toEqual({ document_id: '7b1c' })
    expect(toDeliverable('report:9f00')).toEqual({ report_id: '9f00' })
  })
})

describe('an answer to a request', () => {
  it('allows an approval with no comment or one of up to 2,000 characters', () => {
    for (const comment of ['', '   ', 'Looks good.', longest])
      expect(checkApprovalAnswer({ decision: 'approved', comment }).problems).toEqual([])
  })

  it('allows asking for changes with a comment of up to 2,000 characters', () => {
    for (const comment of ['Fix the totals.', longest])
      expect(checkApprovalAnswer({ decision: 'changes_requested', comment }).problems).toEqual([])
  })

  it('refuses asking for changes without saying what should change', () => {
    for (const comment of ['', '  \n '])
      expect(checkApprovalAnswer({ decision: 'changes_requested', comment }).problems).toEqual([
        { field: 'comment', rule: 'commentMissing', message: approvalAnswerMessages.commentMissing },
      ])
  })

  it('refuses a comment over 2,000 characters, whatever the answer', () => {
    for (const decision of ['approved', 'changes_requested'] as const)
      expect(checkApprovalAnswer({ decision, comment: long }).problems).toEqual([
        { field: 'comment', rule: 'commentLength', message: approvalAnswerMessages.commentLength },
      ])
  })
})
