/** Integer cents to euros (999 → 9.99); null (no price) stays null. */
export const centsToEuros = (cents: number | null): number | null => (cents === null ? null : cents / 100)
