export { oneView } from './one-view.js'
