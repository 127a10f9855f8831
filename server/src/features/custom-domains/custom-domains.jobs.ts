import type { Job } from '../../jobs/job-runner.js'
import type { CustomDomainsService } from './custom-domains.service.js'

/**
 * Looks up the TXT record of every custom host whose next check came: pending hosts with back-off
 * until found, verified ones every few hours (a host whose record is gone stops being served).
 */
export function customDomainsJobs(domains: CustomDomainsService): Job[] {
  return [{ name: 'custom-domain-checks', intervalMs: 60_000, run: () => domains.checkDue() }]
}
