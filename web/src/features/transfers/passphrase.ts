/**
 * Short, common English words that are easy to read aloud and type: five of them, chosen with the
 * browser's cryptographic random numbers, make a passphrase of 40 bits (256 words) plus a
 * two-digit number, which the unlock limits (product.md §22) leave far out of reach of guessing.
 */
const words = `able acid aged also area army away baby back ball band bank base bath bear beat bell belt
best bird blow blue boat body bone book boot born boss both bowl bulk burn bush busy cafe cake call calm
came camp card care cart case cash cast cell chef chip city clay club coal coat code cold come cook cool
cope copy core corn cost crew crop dark data date dawn days deal dear deck deep deer desk dial diet dish
disk dock door dose down draw drop drum dual duck dust duty each earn ease east easy edge else even ever
face fact fair fall farm fast fear feed feel file fill film find fine fire firm fish five flag flat flow
folk food foot form fort four free frog fuel full fund gain game gate gear gift girl give glad glow goal
gold golf good gray grew grid grow gulf hair half hall hand hang hard harm hate have head hear heat held
hero high hill hint hold hole home hood hook hope horn host hour huge hunt idea inch iron item jazz join
jump jury just keen keep kept kick kind king kite knee knew know lack lady lake lamp land lane last late
lawn lead leaf lean left lend lens less lift like lime line link lion list live load loan lock loft long
look loop lord loud love luck lung made mail main make mall many mark mask mass meal meat meet melt menu
mild milk mill mind mine mint miss mode mood moon more most move much must myth`
  .split(/\s+/)
  .filter((word) => word !== '')
  .slice(0, 256)

export const passphraseWordCount = 5

/** A random integer in [0, n) from `random` (crypto.getRandomValues by default), without modulo bias. */
function randomBelow(n: number, random: (array: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n
  const buffer = new Uint32Array(1)
  for (;;) {
    const value = random(buffer)[0]!
    if (value < limit) return value % n
  }
}

/** e.g. "lamp-river-gold-mint-hour-42": words joined by hyphens, then a number. */
export function generatePassphrase(
  random: (array: Uint32Array) => Uint32Array = (array) => crypto.getRandomValues(array),
): string {
  const chosen = Array.from({ length: passphraseWordCount }, () => words[randomBelow(words.length, random)]!)
  return [...chosen, String(10 + randomBelow(90, random))].join('-')
}

export const passphraseWords: readonly string[] = words
