import { type InfoPageId, InfoPageView, infoPages } from '../../features/info-pages/index.js'

/** A content page route (resources, tools information, help, contact): `lazy` for the router. */
export function infoPageRoute(id: InfoPageId) {
  return () => <InfoPageView page={infoPages[id]} />
}
