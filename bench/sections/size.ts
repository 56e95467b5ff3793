import { KIT_TARGET_GZ_BYTES } from '../size/budget.ts';
import { bundleWithEsbuild, bundleWithVite, type BundleSize } from '../size/bundle.ts';
import {
  adapterEntries,
  itemEntries,
  kitEntry,
  kitEverythingEntry,
  peerEntries,
  sharedExternals,
} from '../size/entries.ts';
import { printTable } from '../lib/table.ts';

/** Section 1: what the kit adds to an app, next to the peers, bundled the same two ways. */
export async function sizeSection(): Promise<void> {
  console.log('\n## Size\n');
  console.log(
    `Externals (the app has them already): ${sharedExternals.filter((e) => !e.endsWith('/*')).join(', ')}.`,
  );
  const kit = kitEntry();
  if (kit.missing.length)
    console.log(`Not written yet, left out of the kit's entry: ${kit.missing.join(', ')}.`);
  const entries = [kit, kitEverythingEntry(), ...adapterEntries, ...itemEntries, ...peerEntries];
  const results: { name: string; code: string; esbuild: BundleSize; vite: BundleSize }[] = [];
  for (const e of entries) {
    try {
      results.push({
        name: e.name,
        code: e.code,
        esbuild: await bundleWithEsbuild(e.code, e.external),
        vite: await bundleWithVite(e.code, e.external),
      });
    } catch (error) {
      if (e !== kit) throw error;
      console.log(
        `${e.code} does not bundle yet (${String(error).split('\n')[0]}): the kit is measured by every export only.`,
      );
    }
  }
  const k = results.find((r) => r.name === kit.name) ?? results[0]!;
  const kb = (n: number) => (n / 1024).toFixed(1);
  const ratio = (bytes: number, kitBytes: number) =>
    kitBytes > 0 ? `${(bytes / kitBytes).toFixed(1)}×` : '–';
  printTable(
    [
      'bundle (entry imports just these)',
      'esbuild min KB',
      'esbuild gz KB',
      'vite min KB',
      'vite gz KB',
      '× kit (esbuild gz)',
      '× kit (vite gz)',
    ],
    results.map((r) => [
      r.name,
      kb(r.esbuild.min),
      kb(r.esbuild.gzip),
      kb(r.vite.min),
      kb(r.vite.gzip),
      ratio(r.esbuild.gzip, k.esbuild.gzip),
      ratio(r.vite.gzip, k.vite.gzip),
    ]),
  );
  console.log('\nEntries:');
  for (const r of results) console.log(`- ${r.name}: \`${r.code.replaceAll('\n', ' ') || '(nothing yet)'}\``);
  const worst = Math.max(k.esbuild.gzip, k.vite.gzip);
  const smallestPeer = Math.min(
    ...results
      .filter((r) => !r.name.startsWith('ask-user-kit'))
      .flatMap((r) => [r.esbuild.gzip / Math.max(1, k.esbuild.gzip), r.vite.gzip / Math.max(1, k.vite.gzip)]),
  );
  console.log(
    `\nTarget: kit ≤ ${KIT_TARGET_GZ_BYTES.toLocaleString('en-US')} B gz and ≥ 15× smaller than either peer. ` +
      (k.esbuild.gzip === 0
        ? 'Not measurable yet: the kit has no entry.'
        : `Kit (${k.name}) ${worst.toLocaleString('en-US')} B gz, the larger of the two builds (${worst <= KIT_TARGET_GZ_BYTES ? 'met' : 'MISSED'}); ` +
          `smallest ratio ${smallestPeer.toFixed(1)}× (${smallestPeer >= 15 ? 'met' : 'MISSED'}).`),
  );
}
