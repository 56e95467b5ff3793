// node bench/record.ts: records the benchmark streams again from a real Mastra server.
import { loadRecordings } from './lib/recordings.ts';
import { allStreamSpecs } from './lib/streams.ts';

const recordings = await loadRecordings(allStreamSpecs(), { force: true, log: console.log });
for (const r of recordings)
  console.log(`${r.spec.name}: ${r.meta.bytes} bytes, ${JSON.stringify(r.meta.types)}`);
