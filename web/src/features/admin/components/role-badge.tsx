import type { Role } from '@ferry/contracts/api/users'
import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const colors: Record<Role, string> = { FREE: 'gray', PREMIUM: 'blue', ADMIN: 'red' }

/** A user's role with the labels of spec/accounts.md §3: Free User, Premium User, Administrator. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('admin')
  return (
    <Badge color={colors[role]} variant="light">
      {t(`roles.${role}`)}
    </Badge>
  )
}
