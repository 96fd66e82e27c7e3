// An oracle that does not come from the app's own catalogs (issue 26, item 4): the other specs
// take their expected texts from locales/*, so a wrong translation there would pass them. Here a
// handful of the texts people meet first are written out by hand, in Spanish and in English: the
// sign-in pages, their refusal of a wrong password, the public navigation and the 404 page.
import { allowConsoleErrors } from './support/fixtures'
import { test, expect, paths } from './support/auth'
import { demoUsers } from './support/users'

const texts = {
  es: {
    clientSignIn: 'Inicie sesión en el portal de clientes',
    staffSignIn: 'Acceso del equipo',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    forgot: '¿Olvidó su contraseña?',
    wrongPassword: 'El correo o la contraseña no son correctos.',
    mainNavigation: 'Principal',
    services: 'Servicios',
    portal: 'Portal de clientes',
    contact: 'Contacto',
    skip: 'Saltar al contenido',
    notFound: 'Página no encontrada',
  },
  en: {
    clientSignIn: 'Sign in to the client portal',
    staffSignIn: 'Staff sign-in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    wrongPassword: 'The e-mail or password is not correct.',
    mainNavigation: 'Main',
    services: 'Services',
    portal: 'Client portal',
    contact: 'Contact us',
    skip: 'Skip to content',
    notFound: 'Page not found',
  },
} as const

for (const lng of ['es', 'en'] as const) {
  const text = texts[lng]

  test.describe(`texts written out by hand (${lng})`, () => {
    // The refused token request and the 404 page are logged by the browser as failed loads.
    test.use(allowConsoleErrors(/status of 40[04]/))

    test('the client sign-in page and its answer to a wrong password', async ({ page }) => {
      await page.goto(paths.login(lng))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.clientSignIn)
      await expect(page.getByRole('link', { name: text.forgot, exact: true })).toBeVisible()
      await page.getByLabel(text.email, { exact: true }).fill(demoUsers.lucia.email)
      await page.getByLabel(text.password, { exact: true }).fill('not-the-password')
      await page.getByRole('button', { name: text.submit, exact: true }).click()
      await expect(page.getByRole('alert')).toHaveText(text.wrongPassword)
    })

    test('the staff sign-in page, the public navigation and the 404 page', async ({ page }) => {
      await page.goto(paths.adminLogin(lng))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.staffSignIn)
      await expect(page.getByRole('button', { name: text.submit, exact: true })).toBeVisible()

      await page.goto(paths.home(lng))
      const nav = page.getByRole('banner').getByRole('navigation', { name: text.mainNavigation, exact: true })
      await expect(nav.getByRole('button', { name: text.services, exact: true })).toBeVisible()
      await expect(nav.getByRole('link', { name: text.portal, exact: true })).toBeVisible()
      await expect(page.getByRole('banner').getByRole('link', { name: text.contact, exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: text.skip, exact: true })).toBeAttached()

      await page.goto(`/${lng}/no-such-page-here`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notFound)
    })
  })
}
