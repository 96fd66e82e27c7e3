// The password strength estimate (zxcvbn-ts with its common dictionaries and keyboard graphs).
// Loaded on demand by the strength meter: its dictionaries are large and only password forms
// need them. The server's rules (length, the common-password list, the e-mail's name) decide;
// this only shows people how guessable a password is while they type.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })

/** 0 (guessed at once) to 4 (very hard to guess). `userInputs`: words of the person (e-mail, name). */
export function estimateStrength(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn.check(password, userInputs).score
}
