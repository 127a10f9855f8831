/** The sets a component's variants are built from (spec/accounts.md §2 Style playground). */
export interface VariantSets {
  colors?: readonly string[]
  sizes?: readonly string[]
  variants?: readonly string[]
}

export interface PlaygroundVariant {
  color?: string
  size?: string
  variant?: string
}

/** spec/accounts.md §9: the playground never shows more than four variants of a component. */
export const maxVariants = 4

const pick = (set: readonly string[] | undefined, index: number) => (set?.length ? set[index % set.length] : undefined)

/**
 * Up to four variants, the i-th taking the i-th colour, size and variant of each set (wrapping
 * round a shorter set), so each variant differs in whatever the longest set varies.
 */
export function playgroundVariants(sets: VariantSets): PlaygroundVariant[] {
  const longest = Math.max(1, sets.colors?.length ?? 0, sets.sizes?.length ?? 0, sets.variants?.length ?? 0)
  return Array.from({ length: Math.min(maxVariants, longest) }, (_, index) => ({
    color: pick(sets.colors, index),
    size: pick(sets.sizes, index),
    variant: pick(sets.variants, index),
  }))
}
