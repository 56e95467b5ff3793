// pnpm run check:size: the kit's minified + gzipped size against its committed budget. No peers, so it is fast.
import { KIT_BUDGET_GZ_BYTES, KIT_TARGET_GZ_BYTES } from './budget.ts';
import { bundleWithEsbuild, formatBytes } from './bundle.ts';
import { adapterEntries, itemEntries, kitEntry } from './entries.ts';

const entry = kitEntry();
const size = await bundleWithEsbuild(entry.code);
const over = size.gzip > KIT_BUDGET_GZ_BYTES;
const target =
  size.gzip > KIT_TARGET_GZ_BYTES
    ? `misses the ${formatBytes(KIT_TARGET_GZ_BYTES)} target`
    : `meets the ${formatBytes(KIT_TARGET_GZ_BYTES)} target`;
console.log(
  `check:size: ${entry.name} (${entry.code.trim().replaceAll('\n', ' ')}), esbuild --minify, gzip -9: ` +
    `${formatBytes(size.gzip)} gz (${formatBytes(size.min)} min), ${over ? 'OVER' : 'within'} the budget of ` +
    `${formatBytes(KIT_BUDGET_GZ_BYTES)}; ${target}`,
);

// Each chat-stack adapter, and the approval and form entries, against its own budget.
let adaptersOver = false;
for (const adapter of [...adapterEntries, ...itemEntries]) {
  const adapterSize = await bundleWithEsbuild(adapter.code, adapter.external);
  const adapterOver = adapterSize.gzip > adapter.budget;
  adaptersOver ||= adapterOver;
  console.log(
    `check:size: ${adapter.name}: ${formatBytes(adapterSize.gzip)} gz (${formatBytes(adapterSize.min)} min), ` +
      `${adapterOver ? 'OVER' : 'within'} its budget of ${formatBytes(adapter.budget)}`,
  );
}
if (over || adaptersOver) process.exit(1);
