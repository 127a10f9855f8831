/**
 * Whether a key press belongs to the element it was typed into rather than to a viewer's
 * shortcuts: text fields, editable content, and media elements (which seek with ←/→).
 */
export function ownsArrowKeys(target: EventTarget | null): boolean {
  const element = target as Partial<HTMLElement> | null
  if (!element?.tagName) return false
  if (element.isContentEditable) return true
  return ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(element.tagName)
}
