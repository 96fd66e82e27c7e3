// Expected texts come from the compiled catalogs the app itself fetches (locales/{lng}/messages.json),
// looked up by the English source message the way Lingui's macros derive message ids.
import { readFileSync } from 'node:fs'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { Locale } from '../../../src/lib/locale'

type CompiledPart = string | [string, ...unknown[]]
type CompiledMessage = string | CompiledPart[]

const catalogs = new Map<Locale, Record<string, CompiledMessage>>()

export function catalog(lng: Locale): Record<string, CompiledMessage> {
  let messages = catalogs.get(lng)
  if (!messages) {
    const file = new URL(`../../../locales/${lng}/messages.json`, import.meta.url)
    messages = (JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, CompiledMessage> }).messages
    catalogs.set(lng, messages)
  }
  return messages
}

/** The message id Lingui gives an English source message (no context). */
export function messageId(source: string): string {
  return generateMessageId(source)
}

/**
 * The text a source message renders as in `lng`. Placeholders take `values` (by name or
 * position); the tags of rich-text components (`<0>…</0>`) are dropped, leaving their text.
 */
export function t(lng: Locale, source: string, values: Record<string, string | number> = {}): string {
  const compiled = catalog(lng)[messageId(source)]
  if (compiled === undefined) {
    throw new Error(`locales/${lng}/messages.json has no message for "${source}"; run npm run build`)
  }
  const parts = typeof compiled === 'string' ? [compiled] : compiled
  return render(parts, values, source).replace(/<\/?\d+>/g, '')
}

/** Placeholders and, for `{n, plural, …}`, the form for n (one for 1 in both languages, else other). */
function render(
  parts: CompiledPart[],
  values: Record<string, string | number>,
  source: string,
  count?: number,
): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part === '#' && count !== undefined ? String(count) : part
      const value = values[part[0]]
      if (value === undefined) throw new Error(`"${source}" needs a value for {${part[0]}}`)
      if (part[1] === 'plural') {
        const forms = part[2] as Record<string, CompiledPart[]>
        const form = Number(value) === 1 && forms.one ? forms.one : forms.other!
        return render(form, values, source, Number(value))
      }
      return String(value)
    })
    .join('')
}

/** The same message in both languages, handy for tables of expectations. */
export function both(source: string, values?: Record<string, string | number>): Record<Locale, string> {
  return { es: t('es', source, values), en: t('en', source, values) }
}
