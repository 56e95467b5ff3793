// The kit's pieces as benchmarks use them. Imported lazily: a section runs only if the piece exists.
import type { Decoder } from './decoders.ts';
import { feed } from './feed.ts';

// The reducer is not public: the store is. Benchmarks time it from its source, and use the kit's
// internal entry for the pieces of core only the kit's packages import.
type Core = typeof import('@ask-user-kit/core') &
  typeof import('@ask-user-kit/core/internal') &
  Pick<typeof import('../../packages/core/src/reduceRun.ts'), 'reduceRun' | 'initialRunSnapshot'>;

let core: Promise<Core | undefined> | undefined;
/** `@ask-user-kit/core` and its reducer, or undefined while it has no entry yet. */
export const loadCore = () =>
  (core ??= Promise.all([
    import('@ask-user-kit/core'),
    import('@ask-user-kit/core/internal'),
    import('../../packages/core/src/reduceRun.ts'),
  ]).then(
    ([m, internal, { reduceRun, initialRunSnapshot }]): Core => ({
      ...m,
      ...internal,
      reduceRun,
      initialRunSnapshot,
    }),
    () => undefined,
  ));

/** Decode only: `decodeChunks` over the body, batches counted. */
export const kitDecodeOnly =
  (c: Core): Decoder =>
  async (body) => {
    let count = 0;
    for await (const batch of c.decodeChunks(body)) count += batch.length;
    return count;
  };

/** Decode + reduce: `decodeChunks`, then `reduceRun` once per batch, as the store does. */
export const kitDecodeReduce =
  (c: Core): Decoder =>
  async (body) => {
    let count = 0;
    let s = c.reduceRun(c.initialRunSnapshot, { type: 'send', id: 'm1', text: 'Plan a three-day trip.' });
    for await (const events of c.decodeChunks(body)) {
      count += events.length;
      s = c.reduceRun(s, { type: 'events', events });
    }
    s = c.reduceRun(s, { type: 'stream-end' });
    if (s.status === 'error') throw new Error(`kit ended in error: ${s.error?.message}`);
    return count;
  };

/**
 * The whole path an app gets: `createRunStore` over `createFetchTransport`, whose `fetch`
 * answers with the body; a subscribed listener reads each snapshot. Resolves when `send` does.
 */
export const kitStore =
  (c: Core): Decoder =>
  async (body) => {
    const transport = c.createFetchTransport({
      baseUrl: 'http://127.0.0.1:9',
      agentId: 'bench',
      fetch: async () =>
        new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    const store = c.createRunStore({ transport });
    // Read the snapshot on every notification, as a UI would.
    const off = store.subscribe(() => {
      store.getSnapshot();
    });
    await store.send('Plan a three-day trip.');
    off();
    const s = store.getSnapshot();
    if (s.status === 'error') throw new Error(`kit ended in error: ${s.error?.message}`);
    // Chunks are not counted by the store: report the transcript's text length as a check instead.
    return s.text.length > 0 ? -1 : 0;
  };

/** A transport-free helper for other sections: a store fed from recorded bytes. */
export function recordedTransport(c: Core, bytes: () => Uint8Array, readSize: number) {
  return c.createFetchTransport({
    baseUrl: 'http://127.0.0.1:9',
    agentId: 'bench',
    fetch: async () =>
      new Response(feed(bytes(), readSize), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
  });
}
