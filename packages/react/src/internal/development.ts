// Development checks are written inline where they run, as
//   if (process.env.NODE_ENV !== 'production' && …)
// and not behind a helper function: bundlers replace `process.env.NODE_ENV` only where it is written,
// so a production build folds the condition to false and drops the branch with its messages; a
// call to a helper is not folded, and would keep every message in the bundle. The expression is
// written bare, as React and TanStack Query (a peer of this package) write it: Vite defines it in
// the browser but gives the page no `process`, so a `typeof process` test first would turn every
// check off in a Vite app's development build.

const warned = new Set<string>();

/** Warns once per key. Call it inside a development check, so that production builds drop the message. */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
