/**
 * What the analytics feature publishes beyond its service: the event log's writer and the two ways
 * byte paths and share routes append to it (issue 21).
 */

export { lazyCountryLookup } from './country-lookup.js'
export { type DownloadTracking, trackDownload } from './download-tracking.js'
export { type ClientContext, createEventLog, type EventLog } from './event-log.js'
export { clientOf, createShareEvents, type ShareEvents } from './share-events.js'
export { classifyUserAgent } from './user-agent.js'
