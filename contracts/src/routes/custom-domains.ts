import {
  customDomainCreateRequest,
  customDomainListResponse,
  customDomainSchema,
  organizationDomainParams,
  organizationDomainsParams,
  tlsAskQuery,
} from '../api/custom-domains.js'
import { defineRoutes } from './route.js'

/**
 * Custom domains (issue 22 item 2): an organization's owner or admin adds a host, creates the TXT
 * record shown, and Ferry serves the organization's share and request pages on it once verified.
 */
export const customDomainsApi = defineRoutes('custom-domains', {
  list: {
    method: 'GET',
    path: '/api/organizations/:id/domains',
    access: 'user',
    summary: "The organization's custom hosts with their TXT record and status",
    description: 'Any member sees them; a non-member gets 404 `not_found`.',
    params: organizationDomainsParams,
    responses: { 200: customDomainListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/organizations/:id/domains',
    access: 'user',
    planFeature: 'custom_domain',
    summary: 'Adds a host (pending until its TXT record `_ferry-challenge.<host>` holds `txt_value`)',
    description:
      'Owner or admin only (403 `forbidden`). The host is lowercased and IDNA-encoded; ' +
      'an IP address, a name with fewer than two labels or the main host answer 400 `domain_host_invalid`; ' +
      'a host another organization (or this one) has answers 409 `domain_taken`; at most 5 hosts ' +
      '(409 `domain_limit`). Ferry re-checks the record with back-off until it is found.',
    params: organizationDomainsParams,
    body: customDomainCreateRequest,
    responses: { 201: customDomainSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/organizations/:id/domains/:domain_id',
    access: 'user',
    summary: 'Removes a host: Ferry stops serving it at once (owner or admin)',
    params: organizationDomainParams,
    responses: { 204: null },
  },
  check: {
    method: 'POST',
    path: '/api/organizations/:id/domains/:domain_id/check',
    access: 'user',
    summary: 'Looks the TXT record up now and answers the host with its new status (owner or admin)',
    params: organizationDomainParams,
    responses: { 200: customDomainSchema },
  },
  tlsAsk: {
    method: 'GET',
    path: '/api/tls/ask',
    access: 'public',
    summary:
      "Caddy's on-demand TLS `ask`: 200 when Ferry serves this host (the main host or a verified custom host), 404 otherwise",
    query: tlsAskQuery,
    responses: { 200: null },
  },
})
