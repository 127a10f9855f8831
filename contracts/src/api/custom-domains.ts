import { z } from 'zod'

/**
 * Custom domains of an organization (issue 22 item 2, plan flag `custom_domain`): a host name the
 * organization points at Ferry, proven by a DNS TXT record, on which Ferry then serves that
 * organization's share and request pages.
 */
export const customDomainStatuses = ['pending', 'verified', 'failed'] as const
export type CustomDomainStatus = (typeof customDomainStatuses)[number]

/** The most hosts one organization may hold. */
export const maxCustomDomainsPerOrganization = 5
/** The prefix of the TXT record's name: `_ferry-challenge.<host>`. */
export const customDomainTxtPrefix = '_ferry-challenge'

export const customDomainSchema = z.object({
  id: z.string(),
  host: z.string(),
  /** The TXT record to create: its name and its exact value. */
  txt_name: z.string(),
  txt_value: z.string(),
  status: z.enum(customDomainStatuses),
  /** When Ferry last looked the record up (null before the first look). */
  last_checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
})
export type CustomDomain = z.infer<typeof customDomainSchema>

export const customDomainCreateRequest = z.object({
  host: z.string().trim().min(1, 'Enter a host name.').max(253, 'A host name is at most 253 characters.'),
})
export type CustomDomainCreateRequest = z.infer<typeof customDomainCreateRequest>

export const customDomainListResponse = z.object({ domains: z.array(customDomainSchema) })

export const organizationDomainsParams = z.object({ id: z.uuid() })
export const organizationDomainParams = z.object({ id: z.uuid(), domain_id: z.uuid() })

export const tlsAskQuery = z.object({ domain: z.string().min(1).max(253) })
