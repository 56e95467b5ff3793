/** Longest excerpt of a malformed frame kept in a `DecodeIssue`. */
export const MAX_EXCERPT_LENGTH = 120;

/** Cuts text (or a value, as JSON) to `MAX_EXCERPT_LENGTH` characters, ending in `…` when cut. */
export function excerptOf(value: unknown): string {
  let text: string | undefined;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: String() below.
  }
  // `undefined` and functions have no JSON.
  text ??= String(value);
  // Never leave half of a surrogate pair (an emoji) at the end.
  return text.length > MAX_EXCERPT_LENGTH ? `${text.slice(0, MAX_EXCERPT_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}
