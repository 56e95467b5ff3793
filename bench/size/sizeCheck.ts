// pnpm run size:check: the kit's minified + gzipped size against its committed budget. No peers, so it is fast.
import { KIT_BUDGET_GZ_BYTES, KIT_TARGET_GZ_BYTES } from './budget.ts';
import { bundleWithEsbuild, formatBytes } from './bundle.ts';
import { kitEntry } from './entries.ts';

const entry = kitEntry();
const size = await bundleWithEsbuild(entry.code);
const over = size.gzip > KIT_BUDGET_GZ_BYTES;
const target =
  size.gzip > KIT_TARGET_GZ_BYTES
    ? `misses the ${formatBytes(KIT_TARGET_GZ_BYTES)} target`
    : `meets the ${formatBytes(KIT_TARGET_GZ_BYTES)} target`;
console.log(
  `size:check: ${entry.name} (${entry.code.trim().replaceAll('\n', ' ')}), esbuild --minify, gzip -9: ` +
    `${formatBytes(size.gzip)} gz (${formatBytes(size.min)} min), ${over ? 'OVER' : 'within'} the budget of ` +
    `${formatBytes(KIT_BUDGET_GZ_BYTES)}; ${target}`,
);
if (over) process.exit(1);
