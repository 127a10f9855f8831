export { DateCalculator } from './components/date-calculator.js'
export { daysBetween } from './days-between.js'
