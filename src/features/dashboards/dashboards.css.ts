// The dashboards' frame: full width of the page, tall enough to read a report on a phone and on a
// desktop; the chooser of dashboards as a wrapping row of buttons.
import { style } from '@vanilla-extract/css'
import { bareFieldset, cluster, panel, stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const chooser = stackList({ direction: 'row', gap: '2' })

export const viewer = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 })

export const viewerHeader = style([cluster({ gap: '2', align: 'baseline', justify: 'between' }), { minWidth: 0 }])

export const frame = style([
  panel({ tone: 'surface', padding: 'none' }),
  { display: 'block', width: '100%', height: 'max(28rem, 75vh)' },
])

export const peopleList = bareFieldset({ gap: '2' })

/** The chooser's button of the dashboard shown: filled, like a primary button (aria-pressed says it). */
export const choice = style({
  selectors: {
    '&[aria-pressed="true"], &[aria-pressed="true"]:hover': {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
  },
})
