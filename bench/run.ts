// pnpm bench [size|throughput|renders|latency|memory|scaling|forms|limits|transcript|transcript-renders|inbox …] [--quick]: runs the sections named (default: all).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { canCollectGarbage } from './lib/heap.ts';
import { sizeSection } from './sections/size.ts';
import { latencySection } from './sections/latency.ts';
import { limitsSection } from './sections/limits.ts';
import { memorySection } from './sections/memory.ts';
import { rendersSection } from './sections/renders.ts';
import { scalingSection } from './sections/scaling.ts';
import { formsSection } from './sections/forms.ts';
import { inboxSection } from './sections/inbox.ts';
import { throughputSection } from './sections/throughput.ts';
import { transcriptSection } from './sections/transcript.ts';
import { transcriptRendersSection } from './sections/transcriptRenders.ts';

const sections: Record<string, (o: { quick: boolean }) => Promise<void>> = {
  size: () => sizeSection(),
  throughput: (o) => throughputSection(o),
  renders: () => rendersSection(),
  latency: () => latencySection(),
  memory: () => memorySection(),
  scaling: (o) => scalingSection(o),
  forms: (o) => formsSection(o),
  limits: () => limitsSection(),
  transcript: () => transcriptSection(),
  'transcript-renders': () => transcriptRendersSection(),
  inbox: (o) => inboxSection(o),
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in sections));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${Object.keys(sections).join(', ')}.`);
  process.exit(2);
}
const chosen = names.length ? names : Object.keys(sections);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log('# ask-user-kit benchmarks\n');
console.log(`Command: pnpm bench ${args.join(' ')}`.trimEnd());
console.log(`Date: ${new Date().toISOString()}`);
console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${process.platform}-${process.arch}`,
);
console.log(`Load average at start: ${load()}`);
console.log(`Kit code: ${kitRevision()}`);
if (!canCollectGarbage())
  console.log('(node runs without --expose-gc: garbage is not collected between runs)');
for (const name of chosen) {
  const started = performance.now();
  await sections[name]!({ quick });
  console.log(
    `\n(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s, load average now ${load()})`,
  );
}

/** The commit measured, and whether the kit's packages differed from it (a shared work tree, a local edit). */
function kitRevision(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'packages/core', 'packages/react')
      .split('\n')
      .filter(Boolean);
    return dirty.length
      ? `commit ${head} plus uncommitted changes to ${dirty.length} file(s) of packages/core and packages/react`
      : `commit ${head}, unchanged`;
  } catch {
    return 'not a git work tree';
  }
}
