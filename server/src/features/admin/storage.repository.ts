import type { Role } from '@ferry/contracts/api/users'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import {
  liveSubscriptionStatuses,
  organizationMembers,
  organizations,
  pendingUploads,
  receivedFiles,
  receivedGroups,
  requestLinks,
  subscriptions,
  transferFiles,
  transfers,
  users,
} from '../../db/schema/index.js'

/** Numbers come back as strings from node-postgres and as numbers from PGlite. */
const n = (value: unknown) => Number(value ?? 0)

export interface Figure {
  count: number
  bytes: number
}

const figure = (row: Record<string, unknown>, name: string): Figure => ({
  count: n(row[`${name}_count`]),
  bytes: n(row[`${name}_bytes`]),
})

/**
 * Every stored byte with its owner: transfers whose files are not purged yet, and files received
 * on request links. A CTE both the per-plan and the per-user figures group.
 */
const storedByUser = sql`
  with stored as (
    select ${transfers.userId} as user_id, 1 as transfers, ${transfers.totalSize} as bytes
      from ${transfers}
     where ${transfers.filesDeletedAt} is null and ${transfers.userId} is not null
    union all
    select ${requestLinks.userId}, 0, ${receivedFiles.fileSize}
      from ${receivedFiles}
      join ${receivedGroups} on ${receivedGroups.id} = ${receivedFiles.groupId}
      join ${requestLinks} on ${requestLinks.id} = ${receivedGroups.requestId}
     where ${receivedGroups.filesDeletedAt} is null
  )`

/** Aggregate queries over what the blob store holds (product.md §4); no rules. */
export function createStorageRepository(db: Db) {
  return {
    async transferTotals(now: Date): Promise<Record<'live' | 'retained' | 'awaiting', Figure>> {
      const at = now.toISOString()
      const live = sql`${transfers.deletedAt} is null and ${transfers.expiresAt} > ${at}`
      const retained = sql`${transfers.deletedAt} is null and ${transfers.expiresAt} <= ${at} and ${transfers.purgeAfter} > ${at}`
      const awaiting = sql`${transfers.deletedAt} is not null or ${transfers.purgeAfter} <= ${at}`
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select count(*) filter (where ${live})::int as live_count,
               coalesce(sum(${transfers.totalSize}) filter (where ${live}), 0)::float8 as live_bytes,
               count(*) filter (where ${retained})::int as retained_count,
               coalesce(sum(${transfers.totalSize}) filter (where ${retained}), 0)::float8 as retained_bytes,
               count(*) filter (where ${awaiting})::int as awaiting_count,
               coalesce(sum(${transfers.totalSize}) filter (where ${awaiting}), 0)::float8 as awaiting_bytes
          from ${transfers}
         where ${transfers.filesDeletedAt} is null`)
      const row = rows[0] ?? {}
      return { live: figure(row, 'live'), retained: figure(row, 'retained'), awaiting: figure(row, 'awaiting') }
    },

    async receivedTotals(now: Date): Promise<Record<'kept' | 'awaiting', Figure>> {
      const at = now.toISOString()
      const awaiting = sql`${receivedGroups.purgeAfter} <= ${at}`
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select count(*) filter (where not (${awaiting}) or ${receivedGroups.purgeAfter} is null)::int as kept_count,
               coalesce(sum(${receivedFiles.fileSize}) filter (where not (${awaiting}) or ${receivedGroups.purgeAfter} is null), 0)::float8 as kept_bytes,
               count(*) filter (where ${awaiting})::int as awaiting_count,
               coalesce(sum(${receivedFiles.fileSize}) filter (where ${awaiting}), 0)::float8 as awaiting_bytes
          from ${receivedFiles}
          join ${receivedGroups} on ${receivedGroups.id} = ${receivedFiles.groupId}
         where ${receivedGroups.filesDeletedAt} is null`)
      const row = rows[0] ?? {}
      return { kept: figure(row, 'kept'), awaiting: figure(row, 'awaiting') }
    },

    /** Uploads no transfer or request has claimed: swept with their bytes unless claimed in time. */
    async unclaimedUploads(): Promise<Figure> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select count(*)::int as pending_count, coalesce(sum(${pendingUploads.declaredSize}), 0)::float8 as pending_bytes
          from ${pendingUploads}
         where ${pendingUploads.status} in ('pending', 'uploaded')`)
      return figure(rows[0] ?? {}, 'pending')
    },

    /**
     * Users, stored transfers and bytes per plan source, resolved as plans.repository's planSourceOf
     * does: a member of an organization whose owner has a live subscription counts under the owner's
     * plan (central billing, issue 22); anyone else under their own live subscription's plan, else
     * their role's.
     */
    async perPlanSource(): Promise<
      Array<{ role: Role; subscriptionPlanId: string | null; users: number; transfers: number; bytes: number }>
    > {
      const live = sql.join(
        liveSubscriptionStatuses.map((status) => sql`${status}`),
        sql`, `,
      )
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        ${storedByUser},
        per_user as (select user_id, sum(transfers) as transfers, sum(bytes) as bytes from stored group by user_id),
        sources as (
          select ${users.role} as role,
                 coalesce(owner_subscription.plan_id, ${subscriptions.planId}) as subscription_plan_id,
                 per_user.transfers, per_user.bytes
            from ${users}
            left join ${organizationMembers} on ${organizationMembers.userId} = ${users.id}
            left join ${organizationMembers} org_owner
              on org_owner.organization_id = ${organizationMembers.organizationId} and org_owner.role = 'owner'
            left join ${subscriptions} owner_subscription
              on owner_subscription.user_id = org_owner.user_id and owner_subscription.status in (${live})
            left join ${subscriptions}
              on ${subscriptions.userId} = ${users.id} and ${subscriptions.status} in (${live})
            left join per_user on per_user.user_id = ${users.id})
        select role, subscription_plan_id, count(*)::int as users,
               coalesce(sum(transfers), 0)::int as transfers,
               coalesce(sum(bytes), 0)::float8 as bytes
          from sources
         group by role, subscription_plan_id`)
      return rows.map((r) => ({
        role: r.role as Role,
        subscriptionPlanId: r.subscription_plan_id === null ? null : String(r.subscription_plan_id),
        users: n(r.users),
        transfers: n(r.transfers),
        bytes: n(r.bytes),
      }))
    },

    async topUsers(limit: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        ${storedByUser}
        select ${users.id} as user_id, ${users.name} as name, ${users.email} as email,
               ${organizations.name} as organization_name,
               sum(stored.transfers)::int as transfers, sum(stored.bytes)::float8 as bytes
          from stored
          join ${users} on ${users.id} = stored.user_id
          left join ${organizationMembers} on ${organizationMembers.userId} = ${users.id}
          left join ${organizations} on ${organizations.id} = ${organizationMembers.organizationId}
         group by ${users.id}, ${organizations.name}
         order by bytes desc, ${users.id}
         limit ${limit}`)
      return rows.map((r) => ({
        user_id: String(r.user_id),
        name: String(r.name),
        email: String(r.email),
        organization_name: r.organization_name === null ? null : String(r.organization_name),
        transfers: n(r.transfers),
        bytes: n(r.bytes),
      }))
    },

    async largestTransfers(limit: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${transfers.id} as id, ${transfers.userId} as user_id, ${users.email} as user_email,
               ${transfers.title} as title, ${transfers.totalSize}::float8 as bytes,
               ${transfers.createdAt} as created_at, ${transfers.expiresAt} as expires_at,
               ${transfers.deletedAt} as deleted_at,
               (select count(*)::int from ${transferFiles} where ${transferFiles.transferId} = ${transfers.id}) as files
          from ${transfers}
          left join ${users} on ${users.id} = ${transfers.userId}
         where ${transfers.filesDeletedAt} is null
         order by ${transfers.totalSize} desc, ${transfers.id}
         limit ${limit}`)
      return rows.map((r) => ({
        id: String(r.id),
        userId: r.user_id === null ? null : String(r.user_id),
        userEmail: r.user_email === null ? null : String(r.user_email),
        title: String(r.title),
        files: n(r.files),
        bytes: n(r.bytes),
        createdAt: new Date(r.created_at as string),
        expiresAt: new Date(r.expires_at as string),
        deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at as string),
      }))
    },
  }
}
