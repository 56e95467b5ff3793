/** Longest excerpt of a malformed frame kept in a `DecodeIssue`. */
export const MAX_EXCERPT_LENGTH = 120;

/** Cuts text (or a value, as JSON) to `MAX_EXCERPT_LENGTH` characters, ending in `…` when cut. */
export function excerptOf(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  let cut = text.slice(0, MAX_EXCERPT_LENGTH - 1);
  // Never leave half of a surrogate pair (an emoji) at the end.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}
