import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The demo server as users start it (`pnpm server`): a real process, real HTTP, a real LibSQL file.
const mainPath = fileURLToPath(new URL('./main.ts', import.meta.url));
const READY = /ready at (http:\/\/127\.0\.0\.1:(\d+))\/api/;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output: () => string;
  exited: Promise<Exit>;
}

const running = new Set<ServerProcess>();

function spawnServer(env: Record<string, string>): ServerProcess {
  const { MODEL: _model, PORT: _port, STORAGE_URL: _storage, ...inherited } = process.env;
  const child = spawn(process.execPath, [mainPath], {
    cwd: path.dirname(mainPath),
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { child, output: () => output, exited };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Resolves with the ready line; rejects with the process output if it exits first. */
function ready(server: ServerProcess): Promise<{ line: string; url: string; port: number }> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = server
        .output()
        .split('\n')
        .find((l) => READY.test(l));
      if (!line) return;
      server.child.stdout!.off('data', check);
      const [, url, port] = READY.exec(line)!;
      resolve({ line, url: url!, port: Number(port) });
    };
    server.child.stdout!.on('data', check);
    check();
    void server.exited.then(({ code, signal }) =>
      reject(new Error(`server exited (code ${code}, signal ${signal}) before ready:\n${server.output()}`)),
    );
  });
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<Exit> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

interface Chunk {
  type: string;
  runId?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- chunks off the wire; each test reads the fields it checks
  payload?: any;
}

/** Reads a whole SSE answer into chunks, checking Mastra's framing on the way. */
async function readSse(res: Response): Promise<{ chunks: Chunk[]; done: boolean }> {
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames = (await res.text()).split('\n\n').filter((f) => f.trim() !== '');
  const chunks: Chunk[] = [];
  let done = false;
  for (const frame of frames) {
    expect(frame).toMatch(/^data: /);
    const data = frame.slice('data: '.length);
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data) as Chunk);
  }
  return { chunks, done };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function suspension(chunks: Chunk[]) {
  const found = chunks.filter((c) => c.type === 'tool-call-suspended');
  expect(found, `chunk types: ${chunks.map((c) => c.type).join(', ')}`).toHaveLength(1);
  const chunk = found[0]!;
  return {
    runId: chunk.runId!,
    toolCallId: chunk.payload.toolCallId as string,
    toolName: chunk.payload.toolName as string,
    suspendPayload: chunk.payload.suspendPayload as {
      question: string;
      options?: { label: string; description?: string }[];
      selectionMode?: string;
    },
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-server-'));
});
afterEach(async () => {
  await Promise.all([...running].map((s) => stop(s)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each server is a Node process that imports Mastra: seconds each on a busy 2-core machine. The tests
// that only talk to a running server share one; the others start the processes they are about.
describe('the demo server', { timeout: 90_000 }, () => {
  let shared: ServerProcess;
  let started: Promise<{ line: string; url: string; port: number }>;
  const sharedStorage = () => `file:${path.join(dir, 'shared.db')}`;
  beforeAll(() => {
    shared = spawnServer({ PORT: '0', STORAGE_URL: sharedStorage() });
    // Stopped by its own test at the end, not after each test.
    running.delete(shared);
    started = ready(shared);
    // Each test that needs it awaits it, and fails with its output if it never got ready.
    started.catch(() => {});
  });
  afterAll(async () => {
    await stop(shared);
  });

  it('prints one ready line naming its URL, agent and storage, and streams a real ask_user suspension', async () => {
    const storage = sharedStorage();
    const { line, url, port } = await started;

    expect(port).toBeGreaterThan(0);
    expect(line).toContain(`${url}/api`);
    expect(line).toContain('agents: planner');
    expect(line).toContain(`storage: ${storage}`);
    expect(line).toContain('scripted (no API key)');

    const res = await post(`${url}/api/agents/planner/stream`, {
      messages: [{ role: 'user', content: 'Plan a trip for me' }],
      memory: { thread: 'th-ready', resource: 'u-ready' },
    });
    const { chunks, done } = await readSse(res);
    expect(done).toBe(true);
    const asked = suspension(chunks);
    expect(asked.toolName).toBe('ask_user');
    expect(asked.suspendPayload).toEqual({ question: 'Where would you like to go?' });
    expect(chunks.every((c) => c.runId === asked.runId)).toBe(true);
    expect(chunks.some((c) => c.type === 'finish')).toBe(false);

    // The chat history route beside chatRoute reads that thread back with its waiting question.
    const history = await fetch(`${url}/chat/planner/history?thread=th-ready&resource=u-ready`);
    expect(history.status).toBe(200);
    const { messages: stored } = (await history.json()) as { messages: { parts: Chunk[] }[] };
    const waiting = stored.flatMap((m) => m.parts).filter((p) => p.type === 'data-tool-call-suspended');
    expect(waiting).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ runId: asked.runId }) }),
    ]);

    // The AI SDK chat route: the suspension is a data part, and a body with resumeData resumes it.
    const messages = [{ id: 'm-1', role: 'user', parts: [{ type: 'text', text: 'Plan a trip for me' }] }];
    const chat = await readSse(await post(`${url}/chat/planner`, { messages, trigger: 'submit-message' }));
    expect(chat.done).toBe(true);
    const part = chat.chunks.find((c) => c.type === 'data-tool-call-suspended') as Chunk & {
      id: string;
      data: { runId: string; toolCallId: string; suspendPayload: unknown };
    };
    expect(part.id).toBe(part.data.toolCallId);
    expect(part.data.suspendPayload).toEqual({ question: 'Where would you like to go?' });
    const { runId, toolCallId } = part.data;
    const resumed = await readSse(
      await post(`${url}/chat/planner`, { messages, resumeData: 'Lisbon', runId, toolCallId }),
    );
    expect(resumed.chunks.map((c) => c.type)).not.toContain('start');
    expect(resumed.chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-output-available', toolCallId, output: expect.anything() }),
    );
    expect(resumed.chunks.find((c) => c.type === 'data-tool-call-suspended')).toMatchObject({
      data: { runId, suspendPayload: { question: 'How will you travel?' } },
    });
    // The answer guard covers the chat route too: a second answer to that question is a 409.
    const late = await post(`${url}/chat/planner`, { messages, resumeData: 'Porto', runId, toolCallId });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'already-answered', runId, toolCallId });
  });

  it('exits 1 naming the port when the port is already taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as AddressInfo;
      const server = spawnServer({ PORT: String(port), STORAGE_URL: `file:${path.join(dir, 'taken.db')}` });
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain(`port ${port}`);
      expect(server.output()).toMatch(/already in use/);
      expect(server.output()).not.toMatch(READY);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it.each([
    ['in a directory that does not exist', async () => path.join(dir, 'no-such-dir', 'mastra.db')],
    [
      'that is not a database',
      async () => {
        const file = path.join(dir, 'not-a-database.db');
        await writeFile(file, 'this is not SQLite\n'.repeat(100));
        return file;
      },
    ],
  ])('exits 1 with a clear message when storage %s cannot be opened', async (_, makeFile) => {
    const storage = `file:${await makeFile()}`;
    const server = spawnServer({ PORT: '0', STORAGE_URL: storage });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain(`storage ${storage}`);
    expect(server.output()).toContain('STORAGE_URL');
    expect(server.output()).not.toMatch(READY);
  });

  it('keeps a suspended run across a restart on the same file and resumes it to the end', async () => {
    const storage = `file:${path.join(dir, 'restart.db')}`;
    const resource = `u-${Date.now()}`;

    const first = spawnServer({ PORT: '0', STORAGE_URL: storage });
    const a = await ready(first);
    const started = await readSse(
      await post(`${a.url}/api/agents/planner/stream`, {
        messages: [{ role: 'user', content: 'Plan a trip for me' }],
        memory: { thread: 'th-restart', resource },
      }),
    );
    const asked = suspension(started.chunks);
    expect(asked.suspendPayload.question).toBe('Where would you like to go?');
    expect(await stop(first, 'SIGTERM')).toEqual({ code: 0, signal: null });

    const second = spawnServer({ PORT: '0', STORAGE_URL: storage });
    const b = await ready(second);
    const listed = await fetch(`${b.url}/api/agents/planner/suspended-runs?resourceId=${resource}`);
    expect(listed.status).toBe(200);
    const { runs } = (await listed.json()) as {
      runs: { runId: string; status: string; toolCalls: { toolCallId: string; suspendPayload: unknown }[] }[];
    };
    expect(runs.map((r) => r.runId)).toEqual([asked.runId]);
    expect(runs[0]!.status).toBe('suspended');
    expect(runs[0]!.toolCalls).toEqual([
      expect.objectContaining({ toolCallId: asked.toolCallId, suspendPayload: asked.suspendPayload }),
    ]);

    const resume = async (prev: ReturnType<typeof suspension>, resumeData: string | string[]) =>
      readSse(
        await post(`${b.url}/api/agents/planner/resume-stream`, {
          runId: prev.runId,
          toolCallId: prev.toolCallId,
          resumeData,
        }),
      );

    const travel = suspension((await resume(asked, 'Lisbon')).chunks);
    expect(travel.suspendPayload.question).toBe('How will you travel?');
    expect(travel.suspendPayload.selectionMode).toBe('single_select');
    expect(travel.suspendPayload.options?.map((o) => o.label)).toEqual(['Train', 'Plane', 'Car']);

    const include = suspension((await resume(travel, 'Train')).chunks);
    expect(include.suspendPayload.question).toBe('What should the trip include?');
    expect(include.suspendPayload.selectionMode).toBe('multi_select');

    const end = await resume(include, ['Museums', 'Food tours']);
    expect(end.done).toBe(true);
    expect(end.chunks.some((c) => c.type === 'tool-call-suspended')).toBe(false);
    expect(end.chunks.some((c) => c.type === 'finish')).toBe(true);
    const plan = end.chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.payload.text as string)
      .join('');
    expect(plan).toContain('Here is your plan for Lisbon');
    expect(plan).toContain('travel by train');
    expect(plan).toContain('museums, food tours');

    const after = await fetch(`${b.url}/api/agents/planner/suspended-runs?resourceId=${resource}`);
    expect(((await after.json()) as { runs: unknown[] }).runs).toEqual([]);
  });

  it('takes one answer per question: ten rounds of two clients answering at once give one 200 and one 409', async () => {
    const { url } = await started;
    const statuses: number[][] = [];

    for (let round = 0; round < 10; round++) {
      const started = await readSse(
        await post(`${url}/api/agents/planner/stream`, {
          messages: [{ role: 'user', content: 'Plan a trip for me' }],
        }),
      );
      const asked = suspension(started.chunks);
      const answers = [`Lisbon ${round}`, `Porto ${round}`];
      const responses = await Promise.all(
        answers.map((resumeData) =>
          post(`${url}/api/agents/planner/resume-stream`, {
            runId: asked.runId,
            toolCallId: asked.toolCallId,
            resumeData,
          }),
        ),
      );
      statuses.push(responses.map((res) => res.status));

      const refused = responses.find((res) => res.status === 409);
      expect(refused, `statuses ${responses.map((res) => res.status)}`).toBeDefined();
      expect(await refused!.json()).toEqual({
        error: 'This question was already answered.',
        code: 'already-answered',
        runId: asked.runId,
        toolCallId: asked.toolCallId,
      });
      const taken = responses.find((res) => res.status === 200)!;
      const results = (await readSse(taken)).chunks.filter((c) => c.type === 'tool-result');
      expect(results).toHaveLength(1);
      expect(answers.map((answer) => `User answered: ${answer}`)).toContain(
        results[0]!.payload.result.content,
      );
    }

    expect(statuses.map((pair) => [...pair].sort())).toEqual(Array(10).fill([200, 409]));
  });

  it('refuses the concierge on a thread whose planner waits for an answer, naming the fix (never hangs)', async () => {
    const { url } = await started;
    const memory = { thread: 'trip-shared', resource: 'trip-shared' };
    const asked = suspension(
      (
        await readSse(
          await post(`${url}/api/agents/planner/stream`, {
            messages: [{ role: 'user', content: 'Plan a trip for me' }],
            memory,
          }),
        )
      ).chunks,
    );

    const res = await post(`${url}/api/agents/concierge/stream`, {
      messages: [{ role: 'user', content: 'Book my trip to Lisbon' }],
      memory,
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string };
    expect(body).toMatchObject({
      code: 'thread-waiting',
      threadId: 'trip-shared',
      waitingAgentId: 'planner',
      runId: asked.runId,
      toolCallId: asked.toolCallId,
    });
    expect(body.error).toMatch(/Answer that question first .* or use a new thread/);
  });

  it('exits 0 on SIGTERM once it has served all that', async () => {
    await started;
    expect(await stop(shared, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
