import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  type Background,
  type BackgroundPicture,
  type BrandCssResponse,
  type Branding,
  type HomeBranding,
  maxBackgrounds,
} from '@ferry/contracts/api/branding'
import type { PlanFlags } from '@ferry/contracts/api/plans'
import pLimit from 'p-limit'
import type { Deps } from '../../deps.js'
import { AppError, notFound } from '../../errors.js'
import {
  type BackgroundFormat,
  BackgroundImageInvalid,
  backgroundBlobKey,
  renderBackground,
} from './background-images.js'
import { type BackgroundRow, createBrandingRepository } from './branding.repository.js'
import { type CssRefusal, describeRefusal, validateOrganizationCss } from './css-validator.js'

export type BrandingDeps = Pick<Deps, 'database' | 'blobs' | 'clock'>

/** What branding needs to know of organizations (the organizations feature provides it). */
export interface OrganizationMemberships {
  membershipOf(userId: string): Promise<{ organizationId: string; role: string } | null | undefined>
}

/** What branding needs of plans: the flags of a user's plan (an organization's, for its members). */
export interface BrandingPlans {
  planForUser(userId: string): Promise<PlanFlags>
  planAndOrganizationOf(userId: string): Promise<SenderPlan>
}

/** A sender's plan flags and organization (null for none), as plans.planAndOrganizationOf reads them in one query. */
export interface SenderPlan {
  plan: PlanFlags
  organizationId: string | null
}

/** A refused stylesheet: the route answers 422 with the position, the reason's code and its subject. */
export class CssRefusedError extends AppError {
  readonly line: number
  readonly column: number
  readonly reason: CssRefusal['reason']
  readonly subject: string | null

  constructor(refusal: CssRefusal) {
    const { line, column } = refusal
    super(
      'css_refused',
      422,
      `This stylesheet was refused: ${describeRefusal(refusal)} (line ${line}, column ${column}).`,
    )
    this.line = line
    this.column = column
    this.reason = refusal.reason
    this.subject = refusal.subject
  }
}

/** The roles that manage branding (org-contract: owner and admin). */
const managers = new Set(['owner', 'admin'])

/** Public path of a background rendition; relative, so it works on the organization's own host too. */
export const backgroundPath = (organizationId: string, backgroundId: string, width: number, format: BackgroundFormat) =>
  `/brand/${organizationId}/backgrounds/${backgroundId}/${width}.${format}`

const cssPath = (organizationId: string, hash: string) => `/brand/${organizationId}/${hash}.css`

function pictureOf(row: BackgroundRow): BackgroundPicture {
  const srcset = (format: BackgroundFormat) =>
    row.widths.map((w) => `${backgroundPath(row.organizationId, row.id, w, format)} ${w}w`).join(', ')
  const widest = Math.max(...row.widths)
  return {
    avif_srcset: srcset('avif'),
    webp_srcset: srcset('webp'),
    src: backgroundPath(row.organizationId, row.id, widest, 'webp'),
    alt: row.alt,
  }
}

const toBackground = (row: BackgroundRow): Background => ({
  id: row.id,
  ...pictureOf(row),
  widths: row.widths,
  created_at: row.createdAt.toISOString(),
})

/** A stable pick among `count` for a seed (a transfer's id): each transfer keeps its wallpaper. */
function rotationIndex(seed: string, count: number): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) % count
}

/**
 * Organizations' stylesheets and backgrounds (issue 22 items 3 and 4), and what a branded page
 * applies. Images are made in the request (sharp), one at a time per instance, so uploads cannot
 * starve the instance's other work.
 */
export function createBrandingService(
  deps: BrandingDeps,
  others: { organizations: OrganizationMemberships; plans: BrandingPlans },
) {
  const { database, blobs, clock } = deps
  const repo = createBrandingRepository(database.db)
  const rendering = pLimit(1)

  /** The caller's membership of this organization: 404 to a non-member, 403 unless a manager when `manage`. */
  async function membership(userId: string, organizationId: string, manage: boolean) {
    const found = await others.organizations.membershipOf(userId)
    if (!found || found.organizationId !== organizationId) throw notFound()
    if (manage && !managers.has(found.role)) throw new AppError('forbidden', 403)
  }

  async function ownAssetCheck(organizationId: string): Promise<(url: string) => boolean> {
    const rows = await repo.backgroundsOf(organizationId)
    const allowed = new Set(
      rows.flatMap((row) =>
        row.widths.flatMap((w) => (['avif', 'webp'] as const).map((f) => backgroundPath(organizationId, row.id, w, f))),
      ),
    )
    return (url) => allowed.has(url)
  }

  async function backgroundFor(organizationId: string, seed: string, chosen?: string | null) {
    const rows = await repo.backgroundsOf(organizationId)
    if (rows.length === 0) return null
    const row = rows.find((r) => r.id === chosen) ?? rows[rotationIndex(seed, rows.length)]
    return row ? pictureOf(row) : null
  }

  return {
    async getCss(userId: string, organizationId: string): Promise<BrandCssResponse> {
      await membership(userId, organizationId, false)
      const row = await repo.stylesheetOf(organizationId)
      return {
        css: row?.source ?? null,
        css_url: row ? cssPath(organizationId, row.hash) : null,
        updated_at: row?.updatedAt.toISOString() ?? null,
      }
    },

    /** Checks and keeps the stylesheet; CssRefusedError with the position of the first refusal. */
    async putCss(userId: string, organizationId: string, source: string): Promise<void> {
      await membership(userId, organizationId, true)
      const verdict = validateOrganizationCss(source, await ownAssetCheck(organizationId))
      if (!verdict.ok) {
        throw new CssRefusedError(verdict.refusal)
      }
      const hash = createHash('sha256').update(verdict.css).digest('hex').slice(0, 16)
      await repo.saveStylesheet({ organizationId, source, compiled: verdict.css, hash, updatedAt: clock.now() })
    },

    async deleteCss(userId: string, organizationId: string): Promise<void> {
      await membership(userId, organizationId, true)
      await repo.deleteStylesheet(organizationId)
    },

    async listBackgrounds(userId: string, organizationId: string): Promise<Background[]> {
      await membership(userId, organizationId, false)
      return (await repo.backgroundsOf(organizationId)).map(toBackground)
    },

    /**
     * Adds a background: made into its renditions and stored first, then recorded under the
     * organization's lock, where the limit of ten is checked again; a refused or failed record
     * deletes what was stored.
     */
    async addBackground(userId: string, organizationId: string, alt: string, image: Buffer): Promise<Background> {
      await membership(userId, organizationId, true)
      const tooMany = () =>
        new AppError(
          'backgrounds_too_many',
          409,
          `An organization keeps at most ${maxBackgrounds} backgrounds. Delete one first.`,
        )
      if ((await repo.countBackgrounds(organizationId)) >= maxBackgrounds) throw tooMany()
      let rendered: Awaited<ReturnType<typeof renderBackground>>
      try {
        rendered = await rendering(() => renderBackground(image))
      } catch (error) {
        if (error instanceof BackgroundImageInvalid) throw new AppError('background_invalid', 422)
        throw error
      }
      const id = crypto.randomUUID()
      const keys: string[] = []
      try {
        for (const { width, format, bytes } of rendered.renditions) {
          const key = backgroundBlobKey(organizationId, id, width, format)
          keys.push(key)
          await blobs.write(key, Readable.from([bytes]), { maxBytes: bytes.byteLength, contentType: `image/${format}` })
        }
        const row = await database.db.transaction(async (tx) => {
          const locked = createBrandingRepository(tx)
          await locked.lockBackgrounds(organizationId)
          if ((await locked.countBackgrounds(organizationId)) >= maxBackgrounds) throw tooMany()
          return locked.insertBackground({ id, organizationId, alt, widths: rendered.widths, createdAt: clock.now() })
        })
        return toBackground(row)
      } catch (error) {
        await Promise.allSettled(keys.map((key) => blobs.delete(key)))
        throw error
      }
    },

    async updateBackground(userId: string, organizationId: string, id: string, alt: string): Promise<Background> {
      await membership(userId, organizationId, true)
      const row = await repo.updateAlt(organizationId, id, alt)
      if (!row) throw notFound()
      return toBackground(row)
    },

    /** Deletes the record, then its files (a stylesheet's url() to it then finds nothing). */
    async deleteBackground(userId: string, organizationId: string, id: string): Promise<void> {
      await membership(userId, organizationId, true)
      const row = await repo.deleteBackground(organizationId, id)
      if (!row) throw notFound()
      await Promise.allSettled(
        row.widths.flatMap((w) =>
          (['avif', 'webp'] as const).map((f) => blobs.delete(backgroundBlobKey(organizationId, id, w, f))),
        ),
      )
    },

    /**
     * What a page about a sender's transfer or request shows its visitors: the stylesheet and a
     * background of the sender's organization, each only while the organization's plan has its
     * flag (DECISIONS §12: the sender's plan decides what recipients get). `seed` keeps the
     * rotation stable per transfer; `chosen` is a background the sender picked.
     */
    async forSender(
      senderId: string,
      seed: string,
      chosen?: string | null,
      /** The sender's plan and organization when the caller has read them (plans.planAndOrganizationOf). */
      known?: SenderPlan,
    ): Promise<Branding> {
      const { plan: flags, organizationId } = known ?? (await others.plans.planAndOrganizationOf(senderId))
      if (!organizationId || (!flags.custom_css && !flags.custom_background)) return null
      const stylesheet = flags.custom_css ? await repo.stylesheetOf(organizationId) : undefined
      const background = flags.custom_background ? await backgroundFor(organizationId, seed, chosen) : null
      if (!stylesheet && !background) return null
      return { css_url: stylesheet ? cssPath(organizationId, stylesheet.hash) : null, background }
    },

    /** Whether a background is one of this sender's organization's: one they may choose for a transfer. */
    async isOwnBackground(senderId: string, backgroundId: string): Promise<boolean> {
      const found = await others.organizations.membershipOf(senderId)
      return !!found && !!(await repo.findBackground(found.organizationId, backgroundId))
    },

    /**
     * The signed-in user's organization for the branding page, and the background behind their
     * upload panel (a new one each day); never the stylesheet, which is for recipients only.
     */
    async home(userId: string): Promise<HomeBranding> {
      const found = await others.organizations.membershipOf(userId)
      const flags = await others.plans.planForUser(userId)
      const features = { custom_css: flags.custom_css, custom_background: flags.custom_background }
      if (!found) return { organization_id: null, can_manage: false, features, branding: null }
      const day = clock.now().toISOString().slice(0, 10)
      const background = flags.custom_background
        ? await backgroundFor(found.organizationId, `${found.organizationId}:${day}`)
        : null
      return {
        organization_id: found.organizationId,
        can_manage: managers.has(found.role),
        features,
        branding: background ? { css_url: null, background } : null,
      }
    },

    /** The served stylesheet when `hash` is its current one; null otherwise. */
    async cssFile(organizationId: string, hash: string): Promise<string | null> {
      const row = await repo.stylesheetOf(organizationId)
      return row && row.hash === hash ? row.compiled : null
    },

    /** A rendition's bytes, or null for an unknown background or width. */
    async imageFile(organizationId: string, backgroundId: string, width: number, format: BackgroundFormat) {
      const row = await repo.findBackground(organizationId, backgroundId)
      if (!row?.widths.includes(width)) return null
      return blobs.read(backgroundBlobKey(organizationId, backgroundId, width, format))
    },
  }
}

export type BrandingService = ReturnType<typeof createBrandingService>
