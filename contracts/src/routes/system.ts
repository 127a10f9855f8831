import { systemConfigResponse } from '../api/system.js'
import { defineRoutes } from './route.js'

/**
 * The system routes the browser calls (spec/transfers.md §3 System config). `/healthz` and
 * `/readyz` are not here: they are operational probes for the load balancer and the orchestrator,
 * hidden from the API document, and `/readyz` answers its 503 with a body of its own.
 */
export const systemApi = defineRoutes('system', {
  config: {
    method: 'GET',
    path: '/api/system/config',
    access: 'public',
    responses: { 200: systemConfigResponse },
  },
})
