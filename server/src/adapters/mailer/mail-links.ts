// Stops at whitespace and at characters that usually enclose a link in prose.
const linkPattern = /https?:\/\/[^\s<>"'()[\]{}]+/g

/** Every http(s) link in a text, in order, without trailing sentence punctuation. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(linkPattern)].map((match) => match[0].replace(/[.,;:!?]+$/, ''))
}
