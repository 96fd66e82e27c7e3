// Every Edge Function of the project, by the name it is invoked with.
import type { EdgeFunction } from './runtime'

export const functions: Record<string, EdgeFunction> = {}
