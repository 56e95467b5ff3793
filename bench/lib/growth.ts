import { fixed, median, printTable } from './table.ts';
import { collect } from './time.ts';

/** How many times each size is timed, after one untimed warm-up (the JIT); the median counts. */
export const RUNS = 5;
/** A cost that grows linearly takes 4× at 4n; 5 leaves room for noise and GC. */
export const TARGET_RATIO = 5;

/** An operation timed at n and 4n on an input built from `Input` (the package under test). */
export interface GrowthOperation<Input> {
  name: string;
  /** n, in the unit the name says. */
  n: number;
  /** Builds the input of size `size` (not timed), then returns the timed work. */
  prepare(input: Input, size: number): () => unknown;
}

/** The median of `RUNS` timings of `work`, in ms. */
function timed(work: () => unknown): number {
  work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    collect();
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Times each operation at n and 4n and prints their ratio beside the target: near 4 is linear, 16 quadratic. */
export function printGrowth<Input>(input: Input, operations: readonly GrowthOperation<Input>[]): void {
  const rows: (string | number)[][] = [];
  for (const operation of operations) {
    const small = timed(operation.prepare(input, operation.n));
    const large = timed(operation.prepare(input, operation.n * 4));
    const ratio = large / small;
    rows.push([
      operation.name,
      operation.n.toLocaleString('en-US'),
      fixed(small, 1),
      fixed(large, 1),
      fixed(ratio, 1),
      ratio <= TARGET_RATIO ? 'ok' : 'over',
    ]);
  }
  printTable(['operation', 'n', 'ms at n', 'ms at 4n', 'ratio', `≤ ${TARGET_RATIO}`], rows);
}
