// The in-place confirmation of a destructive action and its button.
import { button, panel } from './recipes.css'

export const confirm = panel({ tone: 'dangerOnPage', radius: 'small', padding: '3', stack: '2' })

export const dangerButton = button({ tone: 'danger', size: 'small' })
