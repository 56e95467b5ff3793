import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { sharedExternals } from './entries.ts';

/** Entries resolve packages from bench/, where the kit and the peers are installed. */
const benchDir = fileURLToPath(new URL('..', import.meta.url));

export interface BundleSize {
  /** Minified bytes. */
  min: number;
  /** Minified, then gzip level 9. */
  gzip: number;
}

function measure(code: string | Uint8Array): BundleSize {
  const bytes = typeof code === 'string' ? Buffer.from(code) : code;
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** esbuild: bundle, browser platform, ESM, minify, production React. Deterministic for a given lockfile. */
export async function bundleWithEsbuild(code: string, external: string[] = []): Promise<BundleSize> {
  if (!code.trim()) return { min: 0, gzip: 0 };
  const result = await esbuild.build({
    stdin: { contents: code, resolveDir: benchDir, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: [...sharedExternals, ...external],
    logLevel: 'silent',
  });
  return measure(result.outputFiles.map((f) => f.contents).reduce(concat, new Uint8Array()));
}

/**
 * Vite 8 (rolldown) production build of the same entry, as an app's build treats it:
 * `build.minify: true` (Oxc), same externals, chunks added up. Not library mode: Vite leaves
 * whitespace unminified in an ES library build, which no app ships.
 */
export async function bundleWithVite(code: string, external: string[] = []): Promise<BundleSize> {
  if (!code.trim()) return { min: 0, gzip: 0 };
  const { build } = await import('vite');
  // A real file under bench/, so imports resolve from bench/node_modules as for esbuild.
  const dir = fileURLToPath(new URL('../.data/size/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const entry = `${dir}entry-${Math.abs(hash(code))}.ts`;
  writeFileSync(entry, code);
  const output = await build({
    configFile: false,
    root: benchDir,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: entry,
        // Keep the entry's exports, as an app keeps what it uses.
        preserveEntrySignatures: 'strict',
        external: (source: string) =>
          [...sharedExternals, ...external].some((e) =>
            e.endsWith('/*') ? source.startsWith(e.slice(0, -1)) : source === e,
          ),
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as {
    output: { type: string; code?: string }[];
  }[];
  const js = outputs
    .flatMap((o) => o.output)
    .filter((o) => o.type === 'chunk' && o.code !== undefined)
    .map((o) => o.code as string)
    .join('\n');
  return measure(js);
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** `12,345 B (12.1 KB)` */
export const formatBytes = (n: number) => `${n.toLocaleString('en-US')} B (${(n / 1024).toFixed(1)} KB)`;
