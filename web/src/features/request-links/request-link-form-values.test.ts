import type { RequestListItem } from '@ferry/contracts/api/request-links'
import { describe, expect, it } from 'vitest'
import { emptyFormValues, formValuesOf, hasFormErrors, toRequestBody } from './request-link-form-values.js'

const filled = { ...emptyFormValues, name: '  Tax documents ' }

describe('the request link form', () => {
  it('refuses an expiry that is not a whole number of days from 1 to 30, instead of clamping it', () => {
    for (const days of ['0', '31', 'abc', '2.5', '', '-1']) {
      expect(toRequestBody({ ...filled, expiresInDays: days }).errors, days).toEqual({
        expiresInDays: 'form.errors.expiry',
      })
    }
    for (const days of ['1', '30', ' 12 ']) {
      expect(hasFormErrors(toRequestBody({ ...filled, expiresInDays: days }).errors), days).toBe(false)
    }
  })

  it('needs a name and builds the body with the guardrails (MiB, types split, empty = no limit)', () => {
    expect(toRequestBody(emptyFormValues).errors).toEqual({ name: 'form.errors.nameRequired' })
    const { errors, body } = toRequestBody({
      ...filled,
      message: ' Please send them ',
      expiresInDays: '3',
      maxFiles: '4',
      maxTotalMib: '1,5',
      allowedTypes: 'pdf, image/*  .docx',
      requireSender: 'email',
      singleUpload: true,
    })
    expect(errors).toEqual({})
    expect(body).toEqual({
      name: 'Tax documents',
      message: 'Please send them',
      expires_in_days: 3,
      max_files: 4,
      max_total_bytes: 1_572_864,
      allowed_types: ['pdf', 'image/*', '.docx'],
      require_sender: 'email',
      single_upload: true,
    })
    expect(toRequestBody(filled).body).toMatchObject({ max_files: null, max_total_bytes: null, allowed_types: [] })
    expect(toRequestBody({ ...filled, maxFiles: '0', maxTotalMib: 'x' }).errors).toEqual({
      maxFiles: 'form.errors.maxFiles',
      maxTotalMib: 'form.errors.maxTotal',
    })
  })

  it('fills the edit form from a link, with the days left as the new expiry', () => {
    const link: RequestListItem = {
      request_id: 'r1',
      created_at: '2026-11-20T00:00:00.000Z',
      expires_at: '2026-11-23T12:00:00.000Z',
      completed: false,
      uploads_count: 0,
      upload_url: 'https://ferry.test/upload/r1',
      max_files: 2,
      max_total_bytes: 2 * 1024 * 1024,
      allowed_types: ['.pdf'],
      require_sender: 'name',
      name: 'Slips',
      message: null,
      single_upload: false,
      deactivated: false,
    }
    expect(formValuesOf(link, new Date('2026-11-21T00:00:00.000Z'))).toEqual({
      name: 'Slips',
      message: '',
      expiresInDays: '3',
      maxFiles: '2',
      maxTotalMib: '2',
      allowedTypes: '.pdf',
      requireSender: 'name',
      singleUpload: false,
    })
  })
})
