import { type ErrorCode, errorMessages, errorTemplates } from '@ferry/contracts/errors'
import type { i18n as I18n } from 'i18next'
import { isApiError } from './api-error.js'

type ErrorKey = keyof typeof import('../locales/en/errors.json')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The `{n}` / `{value}` the server filled into an English template, read back from its detail
 * ('Maximum 5 recipients allowed' → {n: '5'}), so the message can be given in Spanish too.
 * Undefined when the detail does not follow the template.
 */
export function templateValues(template: string, detail: string): Record<string, string> | undefined {
  const names: string[] = []
  const pattern = escapeRegExp(template).replace(/\\\{(\w+)\\\}/g, (_match, name: string) => {
    names.push(name)
    return '(.*?)'
  })
  const match = new RegExp(`^${pattern}$`, 's').exec(detail)
  if (!match) return undefined
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']))
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorMessages, code)

/**
 * The values in the server's detail for `code`, whichever of its English forms it used (the
 * singular 'Only 1 recipient allowed' or the plural 'Maximum 5 recipients allowed').
 */
export function errorValues(code: string, detail: string): Record<string, string> | undefined {
  if (!isErrorCode(code)) return undefined
  for (const template of errorTemplates(code)) {
    const values = templateValues(template, detail)
    if (values) return values
  }
  return undefined
}

/** i18next's `count` for a message whose `{n}` is a number, so it picks the plural form (`_one`, `_other`). */
export function countOf(values: Record<string, string> | undefined): { count?: number } {
  const n = values?.n
  if (n === undefined || n.trim() === '') return {}
  const count = Number(n)
  return Number.isFinite(count) ? { count } : {}
}

/**
 * The translation of the server's error code when the `errors` namespace has one (with the number
 * the server's text carries, for plural forms); undefined for anything else.
 */
export function translatedErrorMessage(i18n: I18n, error: unknown): string | undefined {
  if (!isApiError(error) || !error.code) return undefined
  const values = errorValues(error.code, error.detail)
  // A counted message exists only in its plural forms (room_too_large_one/_other): ask with the count.
  const options = { ns: 'errors', ...values, ...countOf(values) } as const
  return i18n.exists(error.code, options) ? i18n.t(error.code as ErrorKey, options) : undefined
}

/**
 * The text to show for a failed call: the translation of the server's error code when the
 * `errors` namespace has one, else the server's own detail, else the generic message.
 */
export function errorMessage(i18n: I18n, error: unknown): string {
  if (isApiError(error)) return translatedErrorMessage(i18n, error) ?? error.detail
  return i18n.t('generic', { ns: 'errors' })
}
