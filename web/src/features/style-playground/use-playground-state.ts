import { useLocalStorage } from '@mantine/hooks'
import { useCallback } from 'react'
import { defaultPlaygroundCss } from './marked-css.js'

export interface PlaygroundState {
  /** Names of the components ticked as 'used'. */
  used: string[]
  css: string
}

const initial: PlaygroundState = { used: [], css: defaultPlaygroundCss }

/** The ticks and the CSS, kept in localStorage so they survive a reload. */
export function usePlaygroundState() {
  const [state, setState] = useLocalStorage<PlaygroundState>({
    key: 'ferry.stylePlayground',
    defaultValue: initial,
    getInitialValueInEffect: false,
  })
  const setUsed = useCallback(
    (name: string, used: boolean) =>
      setState((current) => ({
        ...current,
        used: used ? [...new Set([...current.used, name])] : current.used.filter((other) => other !== name),
      })),
    [setState],
  )
  const setCss = useCallback((css: string) => setState((current) => ({ ...current, css })), [setState])
  return { used: state.used ?? [], css: state.css ?? defaultPlaygroundCss, setUsed, setCss }
}
