/**
 * True in development builds. Bundlers replace `process.env.NODE_ENV`, so production builds see
 * `false`; a plain browser without a bundler has no `process` at all, and gets no development checks.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

const warned = new Set<string>();

/** Warns once per key, in development only. */
export function warnOnce(key: string, message: string): void {
  if (!isDevelopment() || warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
