export { InfoPageView } from './components/info-page-view.js'
export { type InfoPage, type InfoPageId, infoPages } from './info-pages.js'
