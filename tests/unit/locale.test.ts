import { describe, expect, it } from 'vitest'
import { detectLocale, localeFromPath, normalizeLocale, otherLocale } from '../../src/lib/locale'

describe('detectLocale: URL prefix → stored choice → browser language → es', () => {
  it('takes the URL prefix first, whatever was stored or the browser says', () => {
    expect(detectLocale({ pathname: '/en/contact', stored: 'es', browser: ['es-ES'] })).toBe('en')
    expect(detectLocale({ pathname: '/es', stored: 'en', browser: ['en-US'] })).toBe('es')
  })

  it('takes the stored choice on an unprefixed URL', () => {
    expect(detectLocale({ pathname: '/contact', stored: 'en', browser: ['es-ES'] })).toBe('en')
  })

  it('ignores a stored value that is not a supported language', () => {
    expect(detectLocale({ pathname: '/', stored: 'fr', browser: ['en-GB'] })).toBe('en')
  })

  it('falls back to the first supported browser language, normalising regional tags', () => {
    expect(detectLocale({ pathname: '/', stored: null, browser: ['es-419', 'en'] })).toBe('es')
    expect(detectLocale({ pathname: '/', stored: null, browser: ['de-DE', 'EN-us'] })).toBe('en')
  })

  it('ends with Spanish when nothing matches', () => {
    expect(detectLocale({ pathname: '/', stored: null, browser: ['de-DE', 'fr'] })).toBe('es')
    expect(detectLocale({ pathname: '/fr/contact' })).toBe('es')
  })
})

describe('locale helpers', () => {
  it('normalises tags', () => {
    expect(normalizeLocale('es-419')).toBe('es')
    expect(normalizeLocale('en_GB')).toBe('en')
    expect(normalizeLocale('pt-BR')).toBeUndefined()
    expect(normalizeLocale('')).toBeUndefined()
    expect(normalizeLocale(null)).toBeUndefined()
  })

  it('reads only a known prefix from a path', () => {
    expect(localeFromPath('/en')).toBe('en')
    expect(localeFromPath('/es/services/governance')).toBe('es')
    expect(localeFromPath('/english/page')).toBeUndefined()
    expect(localeFromPath('/')).toBeUndefined()
  })

  it('names the other language', () => {
    expect(otherLocale('es')).toBe('en')
    expect(otherLocale('en')).toBe('es')
  })
})
