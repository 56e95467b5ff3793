declare const gc: (() => void) | undefined;

/** Collects garbage first when node runs with --expose-gc, so one run's garbage is not billed to the next. */
export function collect(): void {
  if (typeof gc === 'function') gc();
}

export interface Timing {
  /** Wall-clock ms (Infinity past the timeout). */
  wall: number;
  /** CPU ms of this process, user + system, all its threads (GC helpers included). */
  cpu: number;
  value: unknown;
}

/**
 * Runs `fn` once and times it. Past `timeoutMs` it gives up waiting (the run is left to finish
 * unobserved) and reports Infinity.
 */
export async function timeOnce(fn: () => Promise<unknown>, timeoutMs = Infinity): Promise<Timing> {
  collect();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
  });
  const value = await Promise.race([fn(), timeout]);
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  clearTimeout(timer);
  if (value === TIMEOUT) return { wall: Infinity, cpu: Infinity, value: undefined };
  return { wall, cpu: (cpu.user + cpu.system) / 1000, value };
}

const TIMEOUT = Symbol('timeout');
