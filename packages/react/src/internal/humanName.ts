// A code name (a tool's, a property's) as words a person reads: "book_trip" → "Book trip",
// "maxPrice" → "Max price". Used where the schema or the app gave no title.

/** `name` in words: separators and camelCase humps become spaces, the first letter is a capital. */
export function humanName(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
