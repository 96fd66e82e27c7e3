// What a newcomer reads before the first start agrees with the code: the development mail
// catcher's SMTP port (MAIL_CATCHER_PORT + 1, where the server's catcher listens) is written down
// in the README and in .env.example, with its default.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultMailCatcherPort } from '../../supabase/server/env'

const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8').replace(/\s+/g, ' ')

describe('the start-up documentation', () => {
  it('names the mail catcher’s SMTP port, MAIL_CATCHER_PORT + 1, with its default', () => {
    const smtpPort = defaultMailCatcherPort + 1
    expect(read('README.md')).toContain(`port \`MAIL_CATCHER_PORT\` + 1 (${smtpPort} by default`)
    expect(read('.env.example')).toContain(`port MAIL_CATCHER_PORT + 1 (${smtpPort} by default`)
  })
})
