// pnpm run size:check: the kit's minified + gzipped size against its committed budget. No peers, so it is fast.
import { KIT_BUDGET_GZ_BYTES } from './budget.ts';
import { bundleWithEsbuild, formatBytes, type BundleSize } from './bundle.ts';
import { kitEntry, kitEverythingEntry, type SizeEntry } from './entries.ts';

const typical = kitEntry();
if (typical.missing.length) console.log(`size:check: not written yet, left out: ${typical.missing.join(', ')}`);
let entry: SizeEntry = typical;
let size: BundleSize;
try {
  size = await bundleWithEsbuild(typical.code);
} catch (error) {
  // While the React package does not export both symbols yet, measure everything it exports instead.
  entry = kitEverythingEntry();
  console.log(`size:check: ${typical.code} does not bundle yet (${String(error).split('\n')[0]}); measuring ${entry.name}`);
  size = await bundleWithEsbuild(entry.code);
}
const over = size.gzip > KIT_BUDGET_GZ_BYTES;
console.log(
  `size:check: ${entry.name} (${entry.code.trim().replaceAll('\n', ' ') || 'nothing yet'}), esbuild --minify, gzip -9: ` +
    `${formatBytes(size.gzip)} gz (${formatBytes(size.min)} min), ${over ? 'OVER' : 'within'} the budget of ${formatBytes(KIT_BUDGET_GZ_BYTES)}`,
);
if (over) process.exit(1);
