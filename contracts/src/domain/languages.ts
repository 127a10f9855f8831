import { z } from 'zod'

/** The interface languages Ferry ships; emails use the same list (each account stores one). */
export const languages = ['en', 'es'] as const
export const languageSchema = z.enum(languages)
export type Language = z.infer<typeof languageSchema>
export const defaultLanguage: Language = 'en'

/** The BCP 47 tag dates and numbers are formatted with (product.md §11: US English, Spain's Spanish). */
export const formatLocaleOf: Record<Language, string> = { en: 'en-US', es: 'es-ES' }
