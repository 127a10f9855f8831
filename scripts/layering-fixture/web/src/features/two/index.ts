import { oneView } from '../one/index.js'

export const twoView = () => oneView()
