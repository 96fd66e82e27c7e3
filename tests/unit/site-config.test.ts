import { describe, expect, it } from 'vitest'
import { siteConfig } from '../../src/config/site'

describe('site configuration', () => {
  it('holds the firm’s name, a valid e-mail and an https sister product', () => {
    expect(siteConfig.name).toMatch(/\S/)
    expect(siteConfig.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/)
    expect(new URL(siteConfig.sisterProduct.url).protocol).toBe('https:')
    expect(new URL(siteConfig.url).protocol).toBe('https:')
  })
})
