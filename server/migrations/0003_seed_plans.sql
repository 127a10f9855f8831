-- The plans of spec/accounts.md §9 (product.md §1: plan data is the one source of truth; null = unlimited).
-- Money in integer cents, sizes in GB of 1024^3 bytes. Admins may edit the rows afterwards.
INSERT INTO "plans" (
	"id", "name", "role", "tier", "is_selectable",
	"price_monthly_cents", "price_yearly_cents", "single_transfer_price_cents", "payout_amount_cents", "allows_payouts",
	"max_transfer_size_gb", "max_transfer_expiry_hours", "max_monthly_data_gb", "max_room_users", "max_recipients", "max_daily_transfers",
	"supports_video_audio", "max_document_features", "extra_features",
	"is_trial_available", "trial_days",
	"ads_enabled", "requires_otp", "unlimited_data", "central_billing", "analytics_panel",
	"custom_domain", "custom_css", "custom_background", "password_protection", "sftp_download",
	"recovery_allowed", "selling_allowed", "document_preview", "document_comments", "analytics_access",
	"notes", "is_active", "sort_order"
) VALUES
(
	'guest', 'Guest', 'FREE', 'individual', false,
	0, 0, NULL, NULL, false,
	50, 24, 100, 5, 1, NULL,
	false, '{"preview":false,"comments":false,"clean_data_room":false}'::jsonb, '{}'::jsonb,
	false, 0,
	true, true, false, false, false,
	false, false, false, false, false,
	false, false, false, false, false,
	'Free plan for every visitor and free account: 50 GB per transfer, kept 24 hours.', true, 0
),
(
	'pro', 'Pro', 'PREMIUM', 'individual', true,
	999, 9900, 499, 3500, true,
	2048, 720, 2048, 30, 5, NULL,
	false, '{"preview":true,"comments":false,"clean_data_room":false}'::jsonb, '{}'::jsonb,
	true, 5,
	false, false, false, false, false,
	false, false, false, true, true,
	true, false, true, false, false,
	'For individuals: 2 TB per transfer, kept up to 30 days, with recovery of expired transfers.', true, 10
),
(
	'business', 'Business', 'PREMIUM', 'organization', true,
	1500, 15000, 499, 6000, true,
	NULL, NULL, NULL, 30, 5, NULL,
	true, '{"preview":true,"comments":true,"clean_data_room":false}'::jsonb, '{}'::jsonb,
	false, 0,
	false, false, true, true, true,
	false, false, false, true, true,
	true, false, true, true, true,
	'For teams: unlimited transfer size and expiry, video/audio rooms and analytics.', true, 20
),
(
	'enterprise', 'Enterprise', 'PREMIUM', 'organization', true,
	10000, 100000, 499, 29000, true,
	NULL, NULL, NULL, 30, 5, NULL,
	true, '{"preview":true,"comments":true,"clean_data_room":true}'::jsonb, '{}'::jsonb,
	false, 0,
	false, false, true, true, true,
	true, true, true, true, true,
	true, false, true, true, true,
	'Everything in Business plus a custom domain, CSS and background, and a clean data room.', true, 30
),
(
	'edu', 'Edu', 'FREE', 'organization', false,
	0, 0, NULL, NULL, false,
	50, 24, 100, 5, 1, NULL,
	false, '{"preview":false,"comments":false,"clean_data_room":false}'::jsonb, '{}'::jsonb,
	false, 0,
	true, true, false, false, false,
	false, false, false, false, false,
	false, false, false, false, false,
	'For schools and universities: the Guest limits. Contact us to join.', true, 40
),
(
	'ngo', 'NGO', 'FREE', 'organization', false,
	0, 0, NULL, NULL, false,
	50, 24, 100, 5, 1, NULL,
	false, '{"preview":false,"comments":false,"clean_data_room":false}'::jsonb, '{}'::jsonb,
	false, 0,
	true, true, false, false, false,
	false, false, false, false, false,
	false, false, false, false, false,
	'For non-profit organisations: the Guest limits. Contact us to join.', true, 50
)
ON CONFLICT ("id") DO NOTHING;
