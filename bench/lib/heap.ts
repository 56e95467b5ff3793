import { collect } from './time.ts';

/** What a heap section prints instead of figures when node cannot collect garbage on demand. */
export const NEEDS_EXPOSE_GC = 'Skipped: needs node --expose-gc (pnpm bench passes it).';

/** Whether node runs with --expose-gc: without it, a heap figure includes garbage of any age. */
export const canCollectGarbage = () => typeof (globalThis as { gc?: unknown }).gc === 'function';

/** heapUsed after full collections; several, as one pass can leave garbage that only the next frees. */
export function settledHeap(): number {
  for (let i = 0; i < 4; i++) collect();
  return process.memoryUsage().heapUsed;
}
