// The accessible name of a control that acts on one item of a list: it shows "Download" in the
// item's row and is named "Download: Ventas 2025". One string in the control's aria-label, not a
// visually hidden ": Ventas 2025" beside the visible word: such a span is laid out as a block,
// and browsers put spaces around a block's text when they compute a name ("Download : Ventas").
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export function actionName(i18n: I18n, action: string, item: string): string {
  return i18n._(msg`${action}: ${item}`)
}
