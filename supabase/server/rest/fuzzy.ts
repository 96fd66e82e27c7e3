// "Perhaps you meant …" suggestions for unknown names, by the similarity of character pairs.

function bigrams(text: string): string[] {
  const padded = ` ${text.toLowerCase()} `
  const pairs: string[] = []
  for (let i = 0; i < padded.length - 1; i++) pairs.push(padded.slice(i, i + 2))
  return pairs
}

function similarity(a: string, b: string): number {
  const left = bigrams(a)
  const right = bigrams(b)
  const pool = new Map<string, number>()
  for (const pair of right) pool.set(pair, (pool.get(pair) ?? 0) + 1)
  let shared = 0
  for (const pair of left) {
    const count = pool.get(pair) ?? 0
    if (count > 0) {
      shared++
      pool.set(pair, count - 1)
    }
  }
  return (2 * shared) / (left.length + right.length)
}

/** The most similar candidate, if it is similar enough; never the name itself. */
export function closest(name: string, candidates: Iterable<string>, minScore = 0.6): string | undefined {
  let best: string | undefined
  let bestScore = minScore
  for (const candidate of candidates) {
    if (candidate === name) continue
    const score = similarity(name, candidate)
    if (score >= bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return best
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current.push(
        Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost),
      )
    }
    previous = current
  }
  return previous[b.length] as number
}

/** PostgreSQL's own rule for "Perhaps you meant to reference the column": at most 3 edits, at most half the name. */
export function closestColumn(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = 4
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance && distance <= Math.floor(candidate.length / 2)) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
