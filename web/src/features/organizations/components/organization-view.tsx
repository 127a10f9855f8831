import type { Organization } from '@ferry/contracts/api/organizations'
import { Stack } from '@mantine/core'
import { canManageMembers, canSeeBilling } from '../roles.js'
import { BillingCard } from './billing-card.js'
import { InvitationsCard } from './invitations-card.js'
import { LeaveCard } from './leave-card.js'
import { MembersTable } from './members-table.js'
import { OrganizationHeader } from './organization-header.js'
import { OrganizationSettingsCard } from './organization-settings-card.js'
import { OrganizationTransfersCard } from './organization-transfers-card.js'

export interface OrganizationViewProps {
  organization: Organization
  myUserId: string
}

/** The organization as its member sees it; each section only for the roles it serves. */
export function OrganizationView({ organization, myUserId }: OrganizationViewProps) {
  const role = organization.my_role
  return (
    <Stack gap="lg" data-testid="organization-view">
      <OrganizationHeader organization={organization} />
      <MembersTable organization={organization} myUserId={myUserId} />
      {canManageMembers(role) && <InvitationsCard organization={organization} />}
      {canManageMembers(role) && <OrganizationSettingsCard organization={organization} />}
      {canSeeBilling(role) && <BillingCard organization={organization} />}
      {canManageMembers(role) && <OrganizationTransfersCard organization={organization} />}
      <LeaveCard organization={organization} myUserId={myUserId} />
    </Stack>
  )
}
