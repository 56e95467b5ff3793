import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startMastraTestServer } from '@ask-user-kit/testing';
import { longRunAgent } from './agents.ts';

/** One recorded stream: `deltas` text deltas after `toolCalls` lookup steps. */
export interface StreamSpec {
  name: string;
  deltas: number;
  toolCalls: number;
}

export interface RecordingMeta {
  spec: StreamSpec;
  recorder: number;
  how: string;
  recordedAt: string;
  versions: Record<string, string>;
  bytes: number;
  chunks: number;
  /** Chunks by type, and the largest frame of each type in bytes. */
  types: Record<string, { count: number; maxBytes: number }>;
  recordMs: number;
}

export interface Recording {
  spec: StreamSpec;
  bytes: Uint8Array;
  meta: RecordingMeta;
}

/** Bump when the way streams are recorded changes: cached recordings are then made again. */
const RECORDER = 1;
const dir = fileURLToPath(new URL('../.data/streams/', import.meta.url));
const testingRequire = createRequire(
  fileURLToPath(new URL('../../packages/testing/package.json', import.meta.url)),
);

function versionOf(name: string, from = testingRequire): string {
  try {
    let path = from.resolve(name);
    while (!existsSync(`${path}/package.json`) || !path.endsWith(name))
      path = path.slice(0, path.lastIndexOf('/'));
    return (JSON.parse(readFileSync(`${path}/package.json`, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function serverVersions(): Record<string, string> {
  return {
    '@mastra/core': versionOf('@mastra/core'),
    '@mastra/hono': versionOf('@mastra/hono'),
    '@mastra/libsql': versionOf('@mastra/libsql'),
    ai: versionOf('ai'),
    node: process.versions.node,
  };
}

/** Counts chunks by type in SSE bytes (`data: <json>\n\n` frames, `[DONE]` left out). */
export function describeSse(bytes: Uint8Array): Pick<RecordingMeta, 'chunks' | 'types'> {
  const types: RecordingMeta['types'] = {};
  let chunks = 0;
  for (const frame of new TextDecoder().decode(bytes).split('\n\n')) {
    if (!frame.startsWith('data: ') || frame === 'data: [DONE]') continue;
    const type = (JSON.parse(frame.slice(6)) as { type: string }).type;
    const entry = (types[type] ??= { count: 0, maxBytes: 0 });
    entry.count++;
    entry.maxBytes = Math.max(entry.maxBytes, Buffer.byteLength(frame) + 2);
    chunks++;
  }
  return { chunks, types };
}

function cached(spec: StreamSpec, versions: Record<string, string>): Recording | undefined {
  const metaFile = `${dir}${spec.name}.json`;
  const sseFile = `${dir}${spec.name}.sse`;
  if (!existsSync(metaFile) || !existsSync(sseFile)) return undefined;
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as RecordingMeta;
  const same =
    meta.recorder === RECORDER &&
    JSON.stringify(meta.spec) === JSON.stringify(spec) &&
    JSON.stringify(meta.versions) === JSON.stringify(versions);
  return same ? { spec, bytes: new Uint8Array(readFileSync(sseFile)), meta } : undefined;
}

/**
 * Streams recorded from a real Mastra server (startMastraTestServer: Mastra + Hono + LibSQL in
 * memory, on 127.0.0.1) driving a scripted model, saved under bench/.data/streams/ with how
 * they were made. Kept and reused while the spec and the server's versions stay the same.
 */
export async function loadRecordings(
  specs: StreamSpec[],
  options: { force?: boolean; log?: (s: string) => void } = {},
): Promise<Recording[]> {
  const versions = serverVersions();
  const out = new Map<string, Recording>();
  const todo: StreamSpec[] = [];
  for (const spec of specs) {
    const hit = options.force ? undefined : cached(spec, versions);
    if (hit) out.set(spec.name, hit);
    else todo.push(spec);
  }
  if (todo.length) {
    mkdirSync(dir, { recursive: true });
    const agents = Object.fromEntries(todo.map((s) => [s.name, longRunAgent(s.name, s.deltas, s.toolCalls)]));
    const server = await startMastraTestServer({ agents });
    try {
      for (const spec of todo) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/agents/${spec.name}/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            messages: [{ role: 'user', content: 'Plan a three-day trip.' }],
            maxSteps: spec.toolCalls + 2,
          }),
        });
        if (!res.ok) throw new Error(`recording ${spec.name}: HTTP ${res.status} ${await res.text()}`);
        const bytes = new Uint8Array(await res.arrayBuffer());
        const recordMs = performance.now() - started;
        const meta: RecordingMeta = {
          spec,
          recorder: RECORDER,
          how:
            `POST /api/agents/${spec.name}/stream to startMastraTestServer (Mastra, Hono adapter, LibSQL in memory) ` +
            `on 127.0.0.1; scripted model: ${spec.toolCalls} steps each calling a real "lookup" tool, then ` +
            `${spec.deltas} text deltas; body saved byte for byte as received`,
          recordedAt: new Date().toISOString(),
          versions,
          bytes: bytes.length,
          ...describeSse(bytes),
          recordMs: Math.round(recordMs),
        };
        writeFileSync(`${dir}${spec.name}.sse`, bytes);
        writeFileSync(`${dir}${spec.name}.json`, `${JSON.stringify(meta, null, 2)}\n`);
        options.log?.(
          `recorded ${spec.name}: ${(bytes.length / 1e6).toFixed(2)} MB, ${meta.chunks} chunks in ${meta.recordMs} ms`,
        );
        out.set(spec.name, { spec, bytes, meta });
      }
    } finally {
      await server.close();
    }
  }
  return specs.map((s) => out.get(s.name)!);
}
