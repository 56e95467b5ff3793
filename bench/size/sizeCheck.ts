// pnpm run size:check: the kit's minified + gzipped size against its committed budget. No peers, so it is fast.
import { KIT_BUDGET_GZ_BYTES } from './budget.ts';
import { bundleWithEsbuild, formatBytes } from './bundle.ts';
import { kitEntry } from './entries.ts';

const entry = kitEntry();
const size = await bundleWithEsbuild(entry.code);
const label = `${entry.name} (${entry.code.trim() || 'nothing yet'}), esbuild --minify, gzip -9`;
if (entry.missing.length) console.log(`size:check: not written yet, left out: ${entry.missing.join(', ')}`);
const verdict = size.gzip <= KIT_BUDGET_GZ_BYTES ? 'within' : 'OVER';
console.log(
  `size:check: ${label}: ${formatBytes(size.gzip)} gz (${formatBytes(size.min)} min), ` +
    `${verdict} the budget of ${formatBytes(KIT_BUDGET_GZ_BYTES)}`,
);
if (size.gzip > KIT_BUDGET_GZ_BYTES) process.exit(1);
