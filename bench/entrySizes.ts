// What one waiting entry costs on the wire, per source, against a running apps/server:
//   node bench/entrySizes.ts [baseUrl]   (default http://127.0.0.1:4111)
// For each source: the bytes of the chunk that says the run waits (its JSON, without SSE framing),
// of what the page renders it from (the suspend payload, or an approval's arguments), and of the
// reply that brings it back after a reload (the agent's suspended-runs list, or the workflow's run).

import { Buffer } from 'node:buffer';

const base = `${(process.argv[2] ?? 'http://127.0.0.1:4111').replace(/\/+$/, '')}/api`;
const WAITING = new Set(['tool-call-suspended', 'tool-call-approval', 'workflow-step-suspended']);
// A workflow's stream ends each chunk with ASCII's record separator instead of SSE framing.
const RECORD_SEPARATOR = '\x1e';
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

interface Chunk {
  type: string;
  payload: Record<string, unknown>;
  runId: string;
}

/** The JSON chunks of an agent's SSE (`data: …`) or a workflow's record-separated stream. */
async function chunksOf(response: Response): Promise<string[]> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text
    .replaceAll(RECORD_SEPARATOR, '\n\n')
    .split('\n\n')
    .map((frame) => frame.replace(/^data: /, '').trim())
    .filter((frame) => frame.startsWith('{'));
}

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The last chunk that says the run waits, and its size. */
function waitingChunk(chunks: string[]): { raw: string; chunk: Chunk } {
  const raw = chunks.filter((text) => WAITING.has((JSON.parse(text) as Chunk).type)).at(-1);
  if (!raw)
    throw new Error(
      `no waiting chunk in: ${chunks.map((text) => (JSON.parse(text) as Chunk).type).join(', ')}`,
    );
  return { raw, chunk: JSON.parse(raw) as Chunk };
}

interface Row {
  source: string;
  chunk: number;
  payload: number;
  restore: number;
}
const rows: Row[] = [];

async function agentEntry(source: string, agentId: string, resourceId: string, raw: string, chunk: Chunk) {
  const { payload } = chunk;
  const shown = chunk.type === 'tool-call-approval' ? payload.args : payload.suspendPayload;
  const listed = await fetch(`${base}/agents/${agentId}/suspended-runs?resourceId=${resourceId}`);
  rows.push({
    source,
    chunk: bytes(raw),
    payload: bytes(JSON.stringify(shown)),
    restore: bytes(await listed.text()),
  });
}

let conversations = 0;
/** Starts a conversation with `agentId`; gives back its resource and first waiting chunk. */
async function startAgent(agentId: string, text: string) {
  const resourceId = `sizes-${agentId}-${Date.now()}-${++conversations}`;
  const chunks = await chunksOf(
    await post(`/agents/${agentId}/stream`, {
      messages: [{ role: 'user', content: text }],
      memory: { thread: resourceId, resource: resourceId },
    }),
  );
  return { resourceId, ...waitingChunk(chunks) };
}

async function measureAgent(source: string, agentId: string, text: string) {
  const { resourceId, raw, chunk } = await startAgent(agentId, text);
  await agentEntry(source, agentId, resourceId, raw, chunk);
  return { resourceId, chunk };
}

await measureAgent('ask_user text question (planner)', 'planner', 'A trip, please.');
const concierge = await measureAgent('approval (concierge book_trip)', 'concierge', 'Book my trip to Lisbon');
{
  const approved = await chunksOf(
    await post('/agents/concierge/approve-tool-call', {
      runId: concierge.chunk.runId,
      toolCallId: concierge.chunk.payload.toolCallId,
    }),
  );
  const { raw, chunk } = waitingChunk(approved);
  await agentEntry('form (concierge confirm_budget)', 'concierge', concierge.resourceId, raw, chunk);
}
await measureAgent(
  'custom tool askUser (concierge reserve_table)',
  'concierge',
  'Reserve a table for dinner',
);
await measureAgent('MCP elicitation, form (booking book_table)', 'booking', 'Book a table at Chez Nous');
await measureAgent('MCP elicitation, URL (booking pay_deposit)', 'booking', 'Pay the deposit');
const supervisor = await measureAgent(
  'sub-agent question (supervisor → designer)',
  'supervisor',
  'Ship the site.',
);
{
  const resumed = await chunksOf(
    await post('/agents/supervisor/resume-stream', {
      runId: supervisor.chunk.runId,
      toolCallId: supervisor.chunk.payload.toolCallId,
      resumeData: 'Teal',
    }),
  );
  const { raw, chunk } = waitingChunk(resumed);
  await agentEntry(
    'sub-agent approval (supervisor → ops deploy)',
    'supervisor',
    supervisor.resourceId,
    raw,
    chunk,
  );
}

{
  const runId = `sizes-expense-${Date.now()}`;
  const owner = { resourceId: runId };
  await post(`/workflows/expense/create-run?runId=${runId}`, owner);
  const started = await chunksOf(
    await post(`/workflows/expense/stream?runId=${runId}`, {
      inputData: { employee: 'Ana', amount: 120, description: 'Team dinner' },
      ...owner,
    }),
  );
  const workflowEntry = async (source: string, raw: string, chunk: Chunk) => {
    const run = await fetch(`${base}/workflows/expense/runs/${runId}`);
    rows.push({
      source,
      chunk: bytes(raw),
      payload: bytes(JSON.stringify(chunk.payload.suspendPayload)),
      restore: bytes(await run.text()),
    });
  };
  const approval = waitingChunk(started);
  await workflowEntry('workflow step, approval (expense manager-approval)', approval.raw, approval.chunk);
  const resumed = await chunksOf(
    await post(`/workflows/expense/resume-stream?runId=${runId}`, {
      step: 'manager-approval',
      resumeData: { approved: true },
    }),
  );
  const form = waitingChunk(resumed);
  await workflowEntry('workflow step, form (expense cost-centre)', form.raw, form.chunk);
}

console.log('| source | chunk (B) | payload (B) | restore reply (B) |');
console.log('| --- | ---: | ---: | ---: |');
for (const row of rows) console.log(`| ${row.source} | ${row.chunk} | ${row.payload} | ${row.restore} |`);
