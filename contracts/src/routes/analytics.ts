import { analyticsPeriodQuery, analyticsSummaryResponse, transferAnalyticsResponse } from '../api/analytics.js'
import { transferIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

const csvRules =
  'Streamed as it is read (RFC 4180, UTF-8, times in ISO 8601 UTC), one row per event, oldest first. Cells that ' +
  'a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) are prefixed with an ' +
  'apostrophe. Client addresses are never in it.'

const periodRules =
  '`from` and `to` are ISO 8601 dates or times (default: the last 30 days; a bare date `to` counts its whole day); ' +
  'reversed dates or a period over 400 days answer 422.'

/** Analytics for senders (issue 21), from the server's own event log. */
export const analyticsApi = defineRoutes('analytics', {
  transfer: {
    method: 'GET',
    path: '/api/analytics/transfers/:id',
    access: 'user',
    scope: 'transfers:read',
    planFeature: 'analytics_access',
    summary: "A transfer's analytics: funnel per recipient, downloads over time, per file, countries, devices",
    description:
      'A download that resumed or came in ranges counts once: started when its first bytes left, completed when ' +
      'its last did, aborted when the connection ended before. Someone else’s transfer answers 404.',
    params: transferIdParams,
    responses: { 200: transferAnalyticsResponse },
  },
  transferEventsCsv: {
    method: 'GET',
    path: '/api/analytics/transfers/:id/events.csv',
    access: 'user',
    scope: 'transfers:read',
    planFeature: 'analytics_access',
    summary: "The transfer's events as CSV",
    description: csvRules,
    params: transferIdParams,
    responses: { 200: null },
  },
  summary: {
    method: 'GET',
    path: '/api/analytics/summary',
    access: 'user',
    scope: 'transfers:read',
    planFeature: 'analytics_panel',
    summary: "The account's totals and trends over a period: transfers sent, recipients reached, downloads, bytes",
    description: periodRules,
    query: analyticsPeriodQuery,
    responses: { 200: analyticsSummaryResponse },
  },
  eventsCsv: {
    method: 'GET',
    path: '/api/analytics/events.csv',
    access: 'user',
    scope: 'transfers:read',
    planFeature: 'analytics_panel',
    summary: "The events of the account's transfers in a period as CSV",
    description: `${periodRules} ${csvRules}`,
    query: analyticsPeriodQuery,
    responses: { 200: null },
  },
})
