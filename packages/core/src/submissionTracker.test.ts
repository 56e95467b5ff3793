import { describe, expect, it } from 'vitest';
import { TransportError } from './errors.ts';
import { parsePrompt } from './prompt.ts';
import {
  classifyFailure,
  createSubmissionTracker,
  type FoundPrompt,
  type SubmissionTrackerOptions,
} from './submissionTracker.ts';
import type { SuspendedRun } from './types.ts';

// The tracker a chat-stack adapter drives: `send` stands for the stack's own request (a resume
// through useChat, an AG-UI run), failing the way that stack fails.

const where: FoundPrompt = {
  prompt: parsePrompt({
    runId: 'run-1',
    toolCallId: 'call-1',
    toolName: 'ask_user',
    suspendPayload: { question: 'Where would you like to go?' },
  }),
  state: 'ready',
};
const how: FoundPrompt = {
  prompt: parsePrompt({
    runId: 'run-1',
    toolCallId: 'call-2',
    toolName: 'ask_user',
    suspendPayload: { question: 'How will you travel?', options: [{ label: 'Train' }, { label: 'Car' }] },
  }),
  state: 'ready',
};
const held = [where];

/** An HTTP failure as AG-UI's HttpAgent rejects it: `status` and the parsed body as `payload`. */
const httpError = (status: number, payload: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), { status, payload });

const listing = (...toolCallIds: string[]): SuspendedRun[] => [
  {
    runId: 'run-1',
    toolCalls: toolCallIds.map((toolCallId) => ({ toolCallId, toolName: 'ask_user', suspendPayload: {} })),
  },
];

function tracked(options: SubmissionTrackerOptions<FoundPrompt>) {
  const tracker = createSubmissionTracker(options);
  const stateOf = (found = where) => tracker.entries([found], tracker.getSnapshot())[0]!;
  return { tracker, stateOf };
}

describe('classifyFailure', () => {
  it("tells a 409 by its body's code: the answer guard's, and the thread guard's", () => {
    expect(classifyFailure(httpError(409, { code: 'already-answered' })).code).toBe('answered-elsewhere');
    const waiting = classifyFailure(httpError(409, { code: 'thread-waiting', waitingAgentId: 'planner' }));
    expect(waiting).toMatchObject({ code: 'http', status: 409 });
    expect(waiting.message).toContain('agent "planner"');
  });

  it("says the status for a page that is not the server's answer, and the server's words otherwise", () => {
    expect(classifyFailure(httpError(404, '<!doctype html><p>Not found</p>')).message).toBe(
      'The server answered 404.',
    );
    expect(classifyFailure(httpError(500, { error: 'Boom' }))).toEqual({
      code: 'http',
      status: 500,
      message: 'Boom',
    });
    expect(classifyFailure(new Error('Failed to fetch')).code).toBe('network');
  });
});

describe('createSubmissionTracker', () => {
  it('sends a valid answer once, and records it answered', async () => {
    const sent: unknown[] = [];
    const { tracker, stateOf } = tracked({ send: async (_, answer) => void sent.push(answer) });
    const first = tracker.submit(held, where.prompt.key, 'Lisbon');
    expect(tracker.submit(held, where.prompt.key, 'Lisbon')).toBe(first);
    expect(stateOf()).toMatchObject({ state: 'submitting', answer: 'Lisbon' });
    await first;
    expect(stateOf()).toMatchObject({ state: 'answered', answer: 'Lisbon' });
    expect(sent).toEqual(['Lisbon']);
  });

  it('refuses as the run store does: invalid, busy, and no longer open', async () => {
    let release!: () => void;
    const { tracker } = tracked({ send: () => new Promise<void>((resolve) => (release = resolve)) });
    await expect(tracker.submit(held, where.prompt.key, '   ')).rejects.toMatchObject({
      code: 'invalid-answer',
    });
    const running = tracker.submit([where, how], where.prompt.key, 'Lisbon');
    await expect(tracker.submit([where, how], how.prompt.key, 'Car')).rejects.toMatchObject({ code: 'busy' });
    release();
    await running;
    await expect(tracker.submit(held, where.prompt.key, 'Rome')).rejects.toMatchObject({ code: 'expired' });
    await expect(tracker.submit(held, 'unknown', 'Rome')).rejects.toMatchObject({ code: 'expired' });
  });

  it("shows another client's answer as answered elsewhere, and reads what waits now", async () => {
    let reads = 0;
    const { tracker, stateOf } = tracked({
      send: () => Promise.reject(httpError(409, { code: 'already-answered' })),
      suspendedRuns: async () => (reads++, listing('call-2')),
    });
    await expect(tracker.submit(held, where.prompt.key, 'Porto')).rejects.toMatchObject({
      code: 'answered-elsewhere',
      promptKey: where.prompt.key,
    });
    expect(stateOf()).toMatchObject({ state: 'answered-elsewhere', answer: 'Porto' });
    // Even once the stack shows the other client's answer.
    expect(stateOf({ ...where, state: 'answered', answer: 'Lisbon' }).state).toBe('answered-elsewhere');
    await expect.poll(() => tracker.getSnapshot().restored).toEqual(listing('call-2'));
    expect(reads).toBe(1);
  });

  it('asks the suspended runs whether a failed answer expired: not listed, expired; listed, failed for Retry', async () => {
    let listed = ['call-1'];
    let failures = 2;
    const { tracker, stateOf } = tracked({
      send: async () => {
        if (failures-- > 0) throw httpError(500, { error: 'Internal Server Error' });
      },
      suspendedRuns: async () => listing(...listed),
    });
    await expect(tracker.submit(held, where.prompt.key, 'Oslo')).rejects.toMatchObject({ code: 'http' });
    expect(stateOf()).toMatchObject({ state: 'failed', answer: 'Oslo' });
    listed = [];
    await expect(tracker.retry(held, where.prompt.key)).rejects.toMatchObject({ code: 'expired' });
    expect(stateOf()).toMatchObject({ state: 'expired', answer: 'Oslo' });
  });

  it("reads the server's words when there is no list, and takes a transport's verdict as it is", async () => {
    const notSuspended = httpError(500, {
      error: 'cannot resume tool call call-1 because it is not suspended',
    });
    const words = tracked({ send: () => Promise.reject(notSuspended) });
    await expect(words.tracker.submit(held, where.prompt.key, 'Oslo')).rejects.toMatchObject({
      code: 'expired',
    });

    let asked = false;
    const transport = tracked({
      send: () => Promise.reject(new TransportError({ code: 'http', status: 500, message: 'Boom' })),
      suspendedRuns: async () => ((asked = true), []),
    });
    await expect(transport.tracker.submit(held, where.prompt.key, 'Oslo')).rejects.toMatchObject({
      code: 'http',
    });
    expect(asked).toBe(false);
  });
});
