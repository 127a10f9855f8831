import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The document features stored in max_document_features (spec/accounts.md §3). Its `preview` is
 * not stored there: the `document_preview` column is the one source of that flag, and the API's
 * `max_document_features.preview` is read from it (plan-mapping.ts; migration 0024 merged them).
 */
export interface DocumentFeatures {
  comments: boolean
  clean_data_room: boolean
}

/**
 * The plans (spec/accounts.md §3 Plan), seeded from spec/accounts.md §9 and editable by admins: the one source of every
 * limit and feature check (product.md §1). Null in a limit column means unlimited. Money is in
 * integer cents; sizes in GB of 1024^3 bytes (fractional GB allowed, e.g. for small test limits).
 */
export const plans = pgTable(
  'plans',
  {
    /** A slug: 'guest', 'pro', 'business', 'enterprise', 'edu', 'ngo'. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role').$type<'FREE' | 'PREMIUM'>().notNull(),
    tier: text('tier').$type<'individual' | 'organization'>().notNull(),
    /** Whether it can be bought through checkout (Guest, Edu and NGO cannot). */
    isSelectable: boolean('is_selectable').notNull().default(false),

    priceMonthlyCents: integer('price_monthly_cents'),
    priceYearlyCents: integer('price_yearly_cents'),
    /** Price of recovering one expired transfer (product.md §3). */
    singleTransferPriceCents: integer('single_transfer_price_cents'),
    payoutAmountCents: integer('payout_amount_cents'),
    allowsPayouts: boolean('allows_payouts').notNull().default(false),

    maxTransferSizeGb: doublePrecision('max_transfer_size_gb'),
    maxTransferExpiryHours: integer('max_transfer_expiry_hours'),
    maxMonthlyDataGb: doublePrecision('max_monthly_data_gb'),
    maxRoomUsers: integer('max_room_users').notNull(),
    maxRecipients: integer('max_recipients').notNull(),
    maxDailyTransfers: integer('max_daily_transfers'),
    supportsVideoAudio: boolean('supports_video_audio').notNull().default(false),
    maxDocumentFeatures: jsonb('max_document_features')
      .$type<DocumentFeatures>()
      .notNull()
      .default({ comments: false, clean_data_room: false }),
    extraFeatures: jsonb('extra_features').$type<Record<string, unknown>>().notNull().default({}),

    isTrialAvailable: boolean('is_trial_available').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),

    adsEnabled: boolean('ads_enabled').notNull().default(false),
    requiresOtp: boolean('requires_otp').notNull().default(false),
    unlimitedData: boolean('unlimited_data').notNull().default(false),
    centralBilling: boolean('central_billing').notNull().default(false),
    analyticsPanel: boolean('analytics_panel').notNull().default(false),
    customDomain: boolean('custom_domain').notNull().default(false),
    customCss: boolean('custom_css').notNull().default(false),
    customBackground: boolean('custom_background').notNull().default(false),
    passwordProtection: boolean('password_protection').notNull().default(false),
    sftpDownload: boolean('sftp_download').notNull().default(false),
    recoveryAllowed: boolean('recovery_allowed').notNull().default(false),
    sellingAllowed: boolean('selling_allowed').notNull().default(false),
    /** Document preview (issue 19): also the API's max_document_features.preview. */
    documentPreview: boolean('document_preview').notNull().default(false),
    documentComments: boolean('document_comments').notNull().default(false),
    analyticsAccess: boolean('analytics_access').notNull().default(false),

    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_role_check', sql`${t.role} in ('FREE', 'PREMIUM')`),
    check('plans_tier_check', sql`${t.tier} in ('individual', 'organization')`),
    check('plans_max_recipients_check', sql`${t.maxRecipients} >= 1`),
    check('plans_max_room_users_check', sql`${t.maxRoomUsers} >= 1`),
    check('plans_trial_days_check', sql`${t.trialDays} >= 0`),
  ],
)
