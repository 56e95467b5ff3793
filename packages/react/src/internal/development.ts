// Development checks are written inline where they run, as
//   if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' && …)
// and not behind a helper function: bundlers replace `process.env.NODE_ENV` only where it is written,
// so a production build folds the condition to false and drops the branch with its messages; a
// call to a helper is not folded, and would keep every message in the bundle. `typeof process`
// comes first because a plain browser without a bundler has no `process` at all (reading it would
// throw): there, no development checks.

const warned = new Set<string>();

/** Warns once per key. Call it inside a development check, so that production builds drop the message. */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
