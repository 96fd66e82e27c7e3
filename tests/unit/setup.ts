// Shared test set-up: DOM matchers, cleanup, and no silent errors (console.error fails a test).
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

let expectedErrors = 0

/** For a test that provokes an error on purpose: allows `count` console.error calls. */
export function expectConsoleErrors(count = 1) {
  expectedErrors = count
  return vi.spyOn(console, 'error').mockImplementation(() => undefined)
}

beforeEach(() => {
  expectedErrors = 0
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (expectedErrors-- > 0) return
    throw new Error(`console.error in a test: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => cleanup())
