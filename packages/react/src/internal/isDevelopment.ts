/**
 * True in a development build. Bundlers replace `process.env.NODE_ENV`, so a production build
 * folds this to `false` and drops the checks behind it. A plain browser has no `process` and
 * nothing replaced it: the ReferenceError means no development checks there.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
