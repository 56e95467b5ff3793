/** Longest excerpt of a malformed frame kept in a `DecodeIssue`. */
export const MAX_EXCERPT_LENGTH = 120;

/**
 * A copy of `text` that shares no memory with it. V8 makes a slice of a long string (and a string
 * split from it) a view that keeps the whole string alive: an excerpt kept in a snapshot would keep
 * its megabyte frame too.
 */
const copyOf = (text: string): string => text.split('').join('');

/** `value` as text: a string as is, anything else as JSON, or as `String()` when it has no JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    // `undefined` and functions have no JSON: String() below.
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // A cycle or a BigInt: String() below.
  }
  return String(value);
}

/**
 * Cuts text (or a value, as JSON) to `MAX_EXCERPT_LENGTH` characters, ending in `…` when cut. The
 * excerpt is a copy: it keeps nothing of `value` alive.
 */
export function excerptOf(value: unknown): string {
  const text = textOf(value);
  if (text.length <= MAX_EXCERPT_LENGTH) return copyOf(text);
  // Never leave half of a surrogate pair (an emoji) at the end.
  return copyOf(`${text.slice(0, MAX_EXCERPT_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…`);
}
