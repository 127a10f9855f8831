export { CustomDomainsCard, type CustomDomainsCardProps } from './components/custom-domains-card.js'
