/** The most characters of user or server text a message the kit builds quotes. */
export const MAX_QUOTE_LENGTH = 80;

/**
 * Cuts text that goes into a message to `MAX_QUOTE_LENGTH` characters, ending in `…` when cut, so
 * that a 1 MB answer or a server's whole HTML page never becomes the message.
 * @example
 * `"${quote(label)}" is not one of the options.`
 */
export function quote(text: string): string {
  if (text.length <= MAX_QUOTE_LENGTH) return text;
  // Never leave half of a surrogate pair (an emoji) at the end.
  return `${text.slice(0, MAX_QUOTE_LENGTH).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
