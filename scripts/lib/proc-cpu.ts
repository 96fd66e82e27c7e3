// CPU time per process set, from /proc (Linux): where each request's or message's time is spent.
// Shared by the server benchmarks (bench-server.ts, bench-realtime.ts).
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

/** Cumulative CPU seconds of a set of processes; NaN where /proc cannot tell. */
export type CpuProbe = () => number

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

export interface ProcStat {
  pid: number
  ppid: number
  pgrp: number
  /** Its own CPU seconds, and those of its children it has waited for. */
  own: number
  reaped: number
}

export function procStats(): ProcStat[] {
  if (!existsSync('/proc/self/stat')) return []
  const stats: ProcStat[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const f = text
        .slice(text.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number)
      stats.push({
        pid: Number(entry),
        ppid: f[1]!,
        pgrp: f[2]!,
        own: (f[11]! + f[12]!) / clockTicks,
        reaped: (f[13]! + f[14]!) / clockTicks,
      })
    } catch {
      // exited while listed
    }
  }
  return stats
}

/** A child started by startChild and all it started (its process group). */
export const groupCpu =
  (child: ChildProcess): CpuProbe =>
  () => {
    const group = procStats().filter((stat) => stat.pgrp === child.pid)
    return group.length ? group.reduce((sum, stat) => sum + stat.own + stat.reaped, 0) : NaN
  }

/** The cluster's postmaster (found by its port) and its backends, live or ended. */
export function postgresCpu(port: string): CpuProbe {
  const postmaster = readdirSync('/proc').find((entry) => {
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      return /postgres$/.test(args[0] ?? '') && args.some((arg, i) => arg === '-p' && args[i + 1] === port)
    } catch {
      return false
    }
  })
  if (!postmaster) return () => NaN
  const pid = Number(postmaster)
  return () => {
    const stats = procStats()
    const main = stats.find((stat) => stat.pid === pid)
    if (!main) return NaN
    return main.own + main.reaped + stats.filter((stat) => stat.ppid === pid).reduce((sum, stat) => sum + stat.own, 0)
  }
}

export const selfCpu: CpuProbe = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1e6
}
