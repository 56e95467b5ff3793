// pnpm --filter @ask-user-kit/bench size:modules: what each source module of the kit costs in the
// measured entry (useAgentRun + AskUserPrompt). esbuild bundles the entry as check:size does, with
// whitespace kept so that module boundaries show; each module is then minified on its own, and its
// cost is the gzip -9 size of the whole minus the gzip size of the whole without it. Costs do not
// add up to the total (gzip shares repeats between modules): they say where a cut would pay. The
// last column names the modules that import each one: why it is in the entry.
import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { kitEntry, sharedExternals } from './entries.ts';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const entry = process.argv[2] ?? kitEntry().code;
const built = await esbuild.build({
  stdin: { contents: entry, resolveDir: benchDir, loader: 'ts', sourcefile: 'entry.ts' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minifySyntax: true,
  minifyIdentifiers: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  external: sharedExternals,
  metafile: true,
  logLevel: 'silent',
});
const shortName = (path: string) => path.replace(/^(\.\.\/)+/, '');
// Module → the modules that import it (each once), from esbuild's metafile.
const importers = new Map<string, Set<string>>();
for (const [path, input] of Object.entries(built.metafile.inputs))
  for (const { path: imported } of input.imports) {
    const by = importers.get(shortName(imported)) ?? new Set<string>();
    by.add(path === '<stdin>' ? 'the entry' : shortName(path).replace(/^packages\//, ''));
    importers.set(shortName(imported), by);
  }
// Mark each module's start with a string statement that whitespace minification keeps, then split on it.
const marked = built.outputFiles[0]!.text.replace(
  /^\/\/ (\.\.\/.*)$/gm,
  (_, path: string) => `;"@@module ${path}@@";`,
);
const { code: minified } = await esbuild.transform(marked, {
  minifyWhitespace: true,
  loader: 'js',
  format: 'esm',
});
const pieces = minified.split(/;?"@@module (.*?)@@";/);
const modules: { name: string; code: string }[] = [];
for (let i = 1; i < pieces.length; i += 2)
  modules.push({ name: shortName(pieces[i]!), code: pieces[i + 1]! });
const gz = (parts: { code: string }[]) =>
  gzipSync(Buffer.from(parts.map((p) => p.code).join('')), { level: 9 }).length;
const total = gz(modules);
const rows = modules
  .map((m) => ({ name: m.name, min: m.code.length, gz: total - gz(modules.filter((o) => o !== m)) }))
  .sort((a, b) => b.gz - a.gz);
console.log(
  `${entry}\ntotal: ${total} B gz, ${modules.reduce((n, m) => n + m.code.length, 0)} B min (whitespace minified per module)`,
);
console.log('  gz cost    min  module  ← imported by');
for (const r of rows) {
  const by = [...(importers.get(r.name) ?? [])].join(', ');
  console.log(`${String(r.gz).padStart(9)} ${String(r.min).padStart(6)}  ${r.name}  ← ${by}`);
}
