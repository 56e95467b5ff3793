/**
 * Records the payloads the stories render, from a real Mastra server.
 *
 *   node packages/react/src/stories/recordPayloads.ts
 *
 * The plain free-text, single (with descriptions) and multiple choice questions come from the core
 * package's recorded streams (packages/core/src/fixtures); this records the variants those do not
 * cover. It starts `startMastraTestServer` (Mastra + Hono + LibSQL on 127.0.0.1) with one agent
 * per variant, each running Mastra's real `askUserTool` under the scripted model, talks to it over
 * HTTP exactly as a browser would, and writes what the server sent to `recordedPayloads.json`
 * beside this file:
 * - `suspended`: the `tool-call-suspended` chunk of each variant;
 * - `answered`: the resume-stream body (SSE text) after an answer was taken;
 * - `expired`: the server's answer to a second resume of an already-answered run;
 * - `serverDown`: what `fetch` threw for a resume while the server was stopped, and the
 *   resume-stream body of the same answer sent again once it was back on the same storage.
 * Re-run it after a Mastra upgrade and commit the output.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, reply, startMastraTestServer, type ScriptStep } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';

type Chunk = { type: string; runId?: string; payload?: Record<string, unknown> };

const here = path.dirname(fileURLToPath(import.meta.url));
const output = path.join(here, 'recordedPayloads.json');

/** The question each variant asks: the scripted model passes it to `ask_user` verbatim. */
const variants: Record<string, ScriptStep> = {
  single: ask.single('Which size should the pizza be?', ['Small', 'Medium', 'Large']),
  dietary: ask.multiple('Which dietary needs should the restaurant know about?', [
    'Vegetarian',
    'Vegan',
    'Gluten-free',
    'Nut allergy',
  ]),
  manyOptions: ask.single('Which time zone should the meeting use?', [
    'UTC−10 Honolulu',
    'UTC−8 Los Angeles',
    'UTC−7 Denver',
    'UTC−6 Chicago',
    'UTC−5 New York',
    'UTC−3 São Paulo',
    'UTC±0 London',
    'UTC+1 Berlin',
    'UTC+2 Cairo',
    'UTC+3 Nairobi',
    'UTC+4 Dubai',
    'UTC+5:30 Mumbai',
    'UTC+7 Bangkok',
    'UTC+8 Singapore',
    'UTC+9 Tokyo',
    'UTC+10 Sydney',
    'UTC+12 Auckland',
  ]),
  long: ask.single(
    'Before I book anything, I need to know how you would like to handle the connection in Frankfurt: ' +
      'the first train arrives at 14:05 and the onward flight boards at 15:10, which leaves a little over an hour ' +
      'to change stations, pass security and reach the gate, and the next flight is not until the following morning. ' +
      'Which of these would you prefer, given that the fares differ and some of them cannot be refunded?',
    [
      {
        label: 'Keep the tight connection and accept the risk of missing the flight if the train is late',
        description:
          'Cheapest option. If the train is more than twenty minutes late, the airline rebooks you on the next ' +
          'morning flight at no cost, but the hotel for the night is not covered.',
      },
      {
        label: 'Take the earlier train at 11:40 and wait at the airport for about three hours',
        description: 'Same fare, a long wait, and a comfortable margin even with a delay.',
      },
      {
        label: 'Stay overnight in Frankfurt and fly the next morning with a refundable ticket',
        description: 'About 140 € more including the hotel, fully refundable until the day before departure.',
      },
    ],
  ),
  otherAnswer: ask.single('Which editor do you use?', ['VS Code', 'Vim', 'Emacs']),
  rightToLeft: ask.single('كيف ستسافر؟', [
    { label: 'القطار', description: 'أبطأ، مناظر جميلة، انبعاثات أقل' },
    { label: 'الطائرة', description: 'الأسرع للمسافات الطويلة' },
    { label: 'السيارة', description: 'توقفات مرنة على طول الطريق' },
  ]),
  // Payloads Mastra accepts and suspends with, but that cannot be rendered as a question.
  invalidDuplicateLabels: ask.raw({
    question: 'Which plan do you want?',
    options: [{ label: 'Basic' }, { label: 'Pro' }, { label: 'Pro' }],
    selectionMode: 'single_select',
  }),
  invalidEmptyLabel: ask.raw({
    question: 'Which plan do you want?',
    options: [{ label: 'Basic' }, { label: '' }],
    selectionMode: 'multi_select',
  }),
  invalidBlankQuestion: ask.raw({ question: '   ' }),
};

function parseSse(text: string): Chunk[] {
  return text
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Chunk);
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function startUntilSuspended(baseUrl: string, agentId: string): Promise<Chunk> {
  const res = await post(`${baseUrl}/api/agents/${agentId}/stream`, {
    messages: [{ role: 'user', content: 'Help me plan this, please.' }],
  });
  if (!res.ok) throw new Error(`${agentId}: stream answered ${res.status}`);
  const suspended = parseSse(await res.text()).find((c) => c.type === 'tool-call-suspended');
  if (!suspended) throw new Error(`${agentId}: the run did not suspend`);
  return suspended;
}

async function resume(baseUrl: string, agentId: string, chunk: Chunk, resumeData: string | string[]) {
  return post(`${baseUrl}/api/agents/${agentId}/resume-stream`, {
    runId: chunk.runId,
    toolCallId: chunk.payload?.toolCallId,
    resumeData,
  });
}

const storageDir = mkdtempSync(path.join(tmpdir(), 'ask-user-kit-record-'));
const storage = `file:${path.join(storageDir, 'mastra.db')}`;
const agents = () =>
  Object.fromEntries(
    Object.entries(variants).map(([id, step]) => [
      id,
      askUserAgent(id, [step, reply(({ answers }) => `Noted: ${answers[0]}.`)]),
    ]),
  );

let server = await startMastraTestServer({ agents: agents(), storage });
try {
  const suspended: Record<string, Chunk> = {};
  for (const id of Object.keys(variants)) suspended[id] = await startUntilSuspended(server.url, id);

  /** Resumes and returns the SSE body, after checking that the server took the answer. */
  async function answer(id: string, resumeData: string | string[]): Promise<string> {
    const res = await resume(server.url, id, suspended[id]!, resumeData);
    const sse = await res.text();
    if (!res.ok || !parseSse(sse).some((c) => c.type === 'tool-result'))
      throw new Error(`${id}: no tool-result after resume`);
    return sse;
  }

  // Answered: what the server streams back once it takes an answer (the second one includes a typed "Other…").
  const answered = {
    single: { resumeData: 'Medium', sse: await answer('single', 'Medium') },
    dietary: {
      resumeData: ['Vegetarian', 'No shellfish'],
      sse: await answer('dietary', ['Vegetarian', 'No shellfish']),
    },
  };

  // Expired: answering a run that was already answered (in another tab, say).
  const again = await resume(server.url, 'single', suspended.single!, 'Large');
  const expired = { resumeData: 'Large', status: again.status, body: (await again.json()) as unknown };
  if (again.status < 400) throw new Error('expected the second resume to fail');

  // Server down: the resume cannot reach the server; once it is back on the same storage, it works.
  await server.close();
  const networkError = await resume(server.url, 'otherAnswer', suspended.otherAnswer!, 'Helix').then(
    () => undefined,
    (error: Error) => error.message,
  );
  if (networkError === undefined) throw new Error('expected the resume to fail while the server is down');
  server = await startMastraTestServer({ agents: agents(), storage, port: server.port });
  const serverDown = { resumeData: 'Helix', networkError, retrySse: await answer('otherAnswer', 'Helix') };

  const recorded = {
    note:
      'Recorded by packages/react/src/stories/recordPayloads.ts from a real Mastra server ' +
      "(startMastraTestServer: @mastra/core + @mastra/hono + LibSQL, Mastra's askUserTool, scripted model) over HTTP. " +
      'Re-run it to refresh; do not edit by hand.',
    suspended,
    answered,
    expired,
    serverDown,
  };
  writeFileSync(output, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`recorded ${Object.keys(suspended).length} prompts -> ${path.relative(process.cwd(), output)}`);
} finally {
  await server.close();
  rmSync(storageDir, { recursive: true, force: true });
}
