export { StylePlayground } from './components/style-playground.js'
