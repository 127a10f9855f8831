import { Center, Loader } from '@mantine/core'

/** Shown while a page's code or translations load; no text, as translations may not be there yet. */
export function PageLoader() {
  return (
    <Center mih="50vh" aria-busy="true">
      <Loader type="dots" />
    </Center>
  )
}
