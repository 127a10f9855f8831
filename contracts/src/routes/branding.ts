import {
  backgroundListResponse,
  backgroundParams,
  backgroundSchema,
  backgroundUpdateRequest,
  backgroundUploadQuery,
  brandCssFileParams,
  brandCssResponse,
  brandImageParams,
  homeBrandingResponse,
  maxBackgrounds,
  maxBrandCssBytes,
  organizationIdParams,
} from '../api/branding.js'
import { defineRoutes } from './route.js'

/**
 * An organization's stylesheet and backgrounds (issue 22 items 3 and 4). Changing them needs the
 * owner or an admin (others 403 `forbidden`); a non-member gets 404. No API-key scope: branding is
 * managed by signed-in people.
 */
export const brandingApi = defineRoutes('branding', {
  getCss: {
    method: 'GET',
    path: '/api/organizations/:id/css',
    access: 'user',
    planFeature: 'custom_css',
    summary: "The organization's stylesheet, as written, and its public URL",
    params: organizationIdParams,
    responses: { 200: brandCssResponse },
  },
  putCss: {
    method: 'PUT',
    path: '/api/organizations/:id/css',
    access: 'user',
    planFeature: 'custom_css',
    rawBody: 'text/css',
    summary: "Sets the organization's stylesheet (body: text/css)",
    description:
      `The stylesheet styles the organization's public share and request pages only. It is parsed (css-tree) and ` +
      `refused with 422 \`css_refused\` and the \`line\` and \`column\` of the first thing refused: @import, ` +
      `@namespace, @charset and unknown at-rules, any url() that is not one of the organization's uploaded ` +
      `backgrounds (/brand/…), escapes that hide either, expression(), behavior, -moz-binding, or more than ` +
      `${maxBrandCssBytes / 1024} KB.`,
    params: organizationIdParams,
    responses: { 204: null },
  },
  deleteCss: {
    method: 'DELETE',
    path: '/api/organizations/:id/css',
    access: 'user',
    planFeature: 'custom_css',
    summary: "Removes the organization's stylesheet",
    params: organizationIdParams,
    responses: { 204: null },
  },
  listBackgrounds: {
    method: 'GET',
    path: '/api/organizations/:id/backgrounds',
    access: 'user',
    planFeature: 'custom_background',
    summary: "The organization's backgrounds",
    params: organizationIdParams,
    responses: { 200: backgroundListResponse },
  },
  uploadBackground: {
    method: 'POST',
    path: '/api/organizations/:id/backgrounds',
    access: 'user',
    planFeature: 'custom_background',
    rawBody: 'image/*',
    summary: 'Adds a background: the image (JPEG, PNG, WebP or AVIF) is the body, its alt text the query',
    description:
      `Made into AVIF and WebP at 1280, 1920 and 2560 pixels wide (never wider than the image), without its ` +
      `metadata (EXIF, GPS). 409 \`backgrounds_too_many\` past ${maxBackgrounds}; 422 \`background_invalid\` ` +
      'for anything that is not such an image.',
    params: organizationIdParams,
    query: backgroundUploadQuery,
    responses: { 201: backgroundSchema },
  },
  updateBackground: {
    method: 'PATCH',
    path: '/api/organizations/:id/backgrounds/:background_id',
    access: 'user',
    planFeature: 'custom_background',
    summary: "Changes a background's alt text",
    params: backgroundParams,
    body: backgroundUpdateRequest,
    responses: { 200: backgroundSchema },
  },
  deleteBackground: {
    method: 'DELETE',
    path: '/api/organizations/:id/backgrounds/:background_id',
    access: 'user',
    planFeature: 'custom_background',
    summary: 'Removes a background (transfers that chose it rotate instead)',
    params: backgroundParams,
    responses: { 204: null },
  },
  home: {
    method: 'GET',
    path: '/api/organizations/current/branding',
    access: 'user',
    summary: "The background behind the signed-in member's upload panel (null outside a branded organization)",
    responses: { 200: homeBrandingResponse },
  },
  cssFile: {
    method: 'GET',
    path: '/brand/:organization/:file',
    access: 'public',
    summary: "An organization's stylesheet, by its content hash (immutable)",
    params: brandCssFileParams,
    responses: { 200: null },
  },
  imageFile: {
    method: 'GET',
    path: '/brand/:organization/backgrounds/:background/:file',
    access: 'public',
    summary: 'A background at one width and format (immutable)',
    params: brandImageParams,
    responses: { 200: null },
  },
})
