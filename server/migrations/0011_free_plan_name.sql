-- Issue 17: the free plan is called "Free" (not "Guest"), and the seeded notes give sizes as the
-- product shows them (binary units, docs/decisions/0014). Only rows still as seeded change: an
-- admin's own wording stays.
UPDATE "plans" SET "name" = 'Free' WHERE "id" = 'guest' AND "name" = 'Guest';--> statement-breakpoint
UPDATE "plans" SET "notes" = 'Free plan for every visitor and free account: 50 GiB per transfer, kept 24 hours.'
	WHERE "id" = 'guest' AND "notes" = 'Free plan for every visitor and free account: 50 GB per transfer, kept 24 hours.';--> statement-breakpoint
UPDATE "plans" SET "notes" = 'For individuals: 2 TiB per transfer, kept up to 30 days, with recovery of expired transfers.'
	WHERE "id" = 'pro' AND "notes" = 'For individuals: 2 TB per transfer, kept up to 30 days, with recovery of expired transfers.';--> statement-breakpoint
UPDATE "plans" SET "notes" = 'For schools and universities: the limits of the Free plan. Contact us to join.'
	WHERE "id" = 'edu' AND "notes" = 'For schools and universities: the Guest limits. Contact us to join.';--> statement-breakpoint
UPDATE "plans" SET "notes" = 'For non-profit organisations: the limits of the Free plan. Contact us to join.'
	WHERE "id" = 'ngo' AND "notes" = 'For non-profit organisations: the Guest limits. Contact us to join.';
