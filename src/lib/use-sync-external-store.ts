// What `use-sync-external-store/shim` gives React < 18, for libraries that still import the shim
// (@xstate/react): React 19 has the hook itself, so the shim's copy would be dead weight.
export { useSyncExternalStore } from 'react'
