import { canCollectGarbage, NEEDS_EXPOSE_GC, settledHeap } from '../lib/heap.ts';
import { recordedTransport, loadCore } from '../lib/kit.ts';
import { loadRecordings } from '../lib/recordings.ts';
import { memorySpec } from '../lib/streams.ts';
import { fixed, printTable } from '../lib/table.ts';

/** Section 5: heap a store retains after a 100,000-chunk run, next to the size of the text it holds. */
export async function memorySection(): Promise<void> {
  console.log('\n## Memory\n');
  if (!canCollectGarbage()) {
    console.log(NEEDS_EXPOSE_GC);
    return;
  }
  const core = await loadCore();
  if (!core) {
    console.log('Skipped: @ask-user-kit/core has no entry yet.');
    return;
  }
  const [rec] = await loadRecordings([memorySpec], { log: (s) => console.log(`(${s})`) });
  const { bytes, meta } = rec!;
  console.log(
    `Stream: ${memorySpec.name}, ${meta.chunks.toLocaleString('en-US')} chunks ` +
      `(${(meta.types['text-delta']?.count ?? 0).toLocaleString('en-US')} text deltas), ` +
      `${(meta.bytes / 1e6).toFixed(1)} MB, recorded from the real server like the throughput streams; fed in 64 KB reads ` +
      'to createRunStore over createFetchTransport. Heap = process.memoryUsage().heapUsed after forced full GCs; ' +
      'the recorded bytes live outside the heap before and after.\n',
  );

  // A short warm-up run first, so code loaded and compiled on first use is in the baseline.
  const warm = core.createRunStore({
    transport: recordedTransport(core, () => bytes.subarray(0, 256 * 1024), 64 * 1024),
  });
  await warm.send('warm up').catch(() => {});
  const before = settledHeap();
  // The run lives in its own function: a suspended async frame can keep stale temporaries alive.
  const run = await (async () => {
    const store = core.createRunStore({ transport: recordedTransport(core, () => bytes, 64 * 1024) });
    const started = performance.now();
    await store.send('Plan a three-day trip.');
    const runMs = performance.now() - started;
    const snapshot = store.getSnapshot();
    const asLeft = settledHeap() - before;
    // Reading the text (as rendering does) makes V8 flatten the rope built from the deltas.
    let read = 0;
    for (const entry of snapshot.transcript)
      if (entry.type === 'assistant') read += entry.text.charCodeAt(entry.text.length - 1);
    read += snapshot.text.charCodeAt(snapshot.text.length - 1);
    const afterRead = settledHeap() - before;
    return {
      runMs,
      asLeft,
      afterRead,
      read,
      chars: snapshot.text.length,
      utf8: Buffer.byteLength(snapshot.text),
      status: snapshot.status,
      transcriptEntries: snapshot.transcript.length,
      toolCalls: snapshot.toolCalls.length,
    };
  })();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const released = settledHeap() - before;
  const { runMs, asLeft, afterRead, read, chars, utf8, status, transcriptEntries, toolCalls } = run;
  const utf16 = chars * 2;

  printTable(
    ['heap retained', 'bytes', '× text (UTF-16)'],
    [
      ['after the run, as the store left it', asLeft.toLocaleString('en-US'), fixed(asLeft / utf16, 2)],
      ['after the text is read once', afterRead.toLocaleString('en-US'), fixed(afterRead / utf16, 2)],
      [
        'after store and snapshot are dropped (residue)',
        released.toLocaleString('en-US'),
        fixed(released / utf16, 2),
      ],
    ],
  );
  console.log(
    `\nText: ${chars.toLocaleString('en-US')} characters = ${utf16.toLocaleString('en-US')} B as UTF-16 (V8 keeps it two-byte: ` +
      `it has non-Latin-1 characters), ${utf8.toLocaleString('en-US')} B as UTF-8. Snapshot: status ${status}, ` +
      `${transcriptEntries} transcript entries, ${toolCalls} tool calls; it holds the text twice (snapshot.text and the ` +
      `transcript's assistant entry). The residue is what stays once everything is dropped (after a warm-up run, so ` +
      `code loaded on first use is in the baseline). Run took ${(runMs / 1000).toFixed(2)} s${read > 0 ? '' : ' (text empty?)'}.`,
  );
}
