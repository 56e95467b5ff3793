import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunStore, parsePrompt, RequestError } from './index.ts';
import type { AgentTransport, SuspendedRun } from './types.ts';

const requests: string[] = [];
// A store closes a question by its clock alone: any request it made would be a bug.
const transport: AgentTransport = {
  stream: () => Promise.reject(new Error(`unexpected ${requests.push('stream')}`)),
  resume: () => Promise.reject(new Error(`unexpected ${requests.push('resume')}`)),
  listSuspended: () => Promise.reject(new Error(`unexpected ${requests.push('list')}`)),
};

const MINUTE = 60_000;
const NOW = Date.parse('2026-12-05T10:00:00.000Z');

const waiting = (expiresAt: unknown): SuspendedRun[] => [
  {
    runId: 'run-1',
    toolCalls: [
      { toolCallId: 'call_1', toolName: 'ask_user', suspendPayload: { question: 'Where to?', expiresAt } },
    ],
  },
];

const stateOf = (store: ReturnType<typeof createRunStore>) =>
  store.getSnapshot().transcript.find((entry) => entry.type === 'prompt')?.state;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  requests.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a question that expires', () => {
  it('carries expiresAt through parse, in milliseconds; a time that cannot be read is past', () => {
    const call = { runId: 'r', toolCallId: 'c', toolName: 'ask_user' };
    const at = (expiresAt: unknown) =>
      parsePrompt({ ...call, suspendPayload: { question: 'Q?', expiresAt } }).expiresAt;
    expect(at('2026-12-05T10:04:00.000Z')).toBe(NOW + 4 * MINUTE);
    expect(at(NOW + MINUTE)).toBe(NOW + MINUTE);
    expect(at('soon')).toBe(0);
    expect(parsePrompt({ ...call, suspendPayload: { question: 'Q?' } })).not.toHaveProperty('expiresAt');
  });

  it('turns expired at its deadline, without a request', () => {
    const store = createRunStore({ transport });
    store.restore(waiting(new Date(NOW + 4 * MINUTE).toISOString()));
    expect(stateOf(store)).toBe('ready');
    vi.advanceTimersByTime(4 * MINUTE - 1);
    expect(stateOf(store)).toBe('ready');
    vi.advanceTimersByTime(1);
    expect(stateOf(store)).toBe('expired');
    expect(store.getSnapshot().openPrompts).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('refuses an answer past the deadline as expired before its timer ran (a sleeping tab), without a request', async () => {
    const store = createRunStore({ transport });
    store.restore(waiting(NOW + MINUTE));
    vi.setSystemTime(NOW + 2 * MINUTE);
    const refusal = await store
      .submit(store.getSnapshot().openPrompts[0]!.key, 'Lisbon')
      .catch((error) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    expect((refusal as RequestError).code).toBe('expired');
    expect(stateOf(store)).toBe('expired');
    expect(requests).toEqual([]);
  });

  it('stops its timer on reset', () => {
    const store = createRunStore({ transport });
    store.restore(waiting(NOW + MINUTE));
    store.reset();
    expect(vi.getTimerCount()).toBe(0);
  });
});
