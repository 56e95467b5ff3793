import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ask, fail, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunStore } from '../createRunStore.ts';
import { RequestError } from '../errors.ts';
import { listSuspendedRuns } from '../listSuspendedRuns.ts';
import type { AgentTransport, RunSnapshot, RunStore } from '../types.ts';

const SLOW_REPLY = 'one two three four five six seven eight';

/** Agents for the transport tests: fresh instances for each server. */
export function suiteAgents() {
  return {
    text: askUserAgent('text', [
      ask.text('What is your name?'),
      reply(({ answers }) => `Hello, ${answers[0]}!`),
    ]),
    single: askUserAgent('single', [
      ask.single('Pick a colour', [
        { label: 'Red', description: 'Warm' },
        { label: 'Blue', description: 'Cool' },
      ]),
      reply(({ answers }) => `You chose ${answers[0]}.`),
    ]),
    multiple: askUserAgent('multiple', [
      ask.multiple('Pick toppings', ['Cheese', 'Ham', 'Olives']),
      reply(({ answers }) => `Toppings: ${answers[0]}.`),
    ]),
    two: askUserAgent('two', [
      ask.many(ask.text('What is your name?'), ask.single('Window or aisle?', ['Window', 'Aisle'])),
      reply(({ answers }) => `Thanks ${answers[0]}, seat: ${answers[1]}.`),
    ]),
    failing: askUserAgent('failing', [fail('model exploded')]),
    slow: askUserAgent('slow', [reply(SLOW_REPLY, { deltas: 8, delayMs: 150 })]),
  };
}

/** What a transport under test exposes: the transport for an agent, and how many requests it made. */
export interface TransportHarness {
  transport: AgentTransport;
  requests: { stream: number; resume: number; list: number };
}

export type MakeTransport = (server: MastraTestServer, agentId: string) => TransportHarness;

let conversation = 0;

/**
 * The behaviour every transport must show against a real Mastra server (LibSQL file storage, so
 * the last test can restart it): ask, validate, answer, resume, expire, restore after a restart.
 */
export function transportSuite(name: string, make: MakeTransport) {
  describe(`${name} against a real Mastra server`, () => {
    let dir: string;
    let storage: string;
    let server: MastraTestServer;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'ask-user-kit-core-'));
      storage = `file:${path.join(dir, 'mastra.db')}`;
      server = await startMastraTestServer({ agents: suiteAgents(), storage });
    });
    afterAll(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const open = (
      agentId: string,
      ids = { threadId: `thread-${++conversation}`, resourceId: `user-${conversation}` },
    ) => {
      const harness = make(server, agentId);
      const store = createRunStore({ transport: harness.transport, ...ids });
      return { ...harness, store, ids };
    };
    const onlyPrompt = (store: RunStore) => {
      const { openPrompts } = store.getSnapshot();
      expect(openPrompts).toHaveLength(1);
      return openPrompts[0]!;
    };
    const lastAssistant = (s: RunSnapshot) => s.transcript.findLast((e) => e.type === 'assistant');

    it('free text: asks, resumes with the answer, and the reply uses it', async () => {
      const { store, requests } = open('text');
      await store.send('Hi');
      expect(store.getSnapshot().status).toBe('awaiting-input');
      const prompt = onlyPrompt(store);
      expect(prompt).toMatchObject({ kind: 'text', question: 'What is your name?' });
      await store.submit(prompt.key, '  Ada  ');
      const s = store.getSnapshot();
      expect(s.status).toBe('done');
      expect(s.text).toBe('Hello, Ada!');
      expect(lastAssistant(s)).toMatchObject({ text: 'Hello, Ada!' });
      expect(s.transcript.find((e) => e.type === 'prompt')).toMatchObject({
        state: 'answered',
        answer: 'Ada',
      });
      expect(requests).toEqual({ stream: 1, resume: 1, list: 0 });
    });

    it('single choice: an invalid answer is refused before any request, a valid one goes through', async () => {
      const { store, requests } = open('single');
      await store.send('Hi');
      const prompt = onlyPrompt(store);
      expect(prompt).toMatchObject({
        kind: 'single',
        options: [
          { label: 'Red', description: 'Warm' },
          { label: 'Blue', description: 'Cool' },
        ],
      });

      for (const bad of ['Green', ['Red'], '', 42, null]) {
        const error = await store.submit(prompt.key, bad).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RequestError);
        expect((error as RequestError).error.code).toBe('invalid-answer');
      }
      expect(requests.resume).toBe(0);
      expect(store.getSnapshot().openPrompts).toEqual([prompt]);

      await store.submit(prompt.key, 'Blue');
      expect(store.getSnapshot().text).toBe('You chose Blue.');
      expect(requests.resume).toBe(1);
    });

    it('multiple choice: the labels go as a list, in the offered order', async () => {
      const { store } = open('multiple');
      await store.send('Hi');
      const prompt = onlyPrompt(store);
      expect(prompt.kind).toBe('multiple');
      await store.submit(prompt.key, ['Olives', 'Cheese']);
      expect(store.getSnapshot()).toMatchObject({ status: 'done', text: 'Toppings: Cheese, Olives.' });
    });

    it('two ask_user calls in one step: the second prompt appears after the first is answered', async () => {
      const { store } = open('two');
      await store.send('Book me a seat');
      const first = onlyPrompt(store);
      expect(first.kind).toBe('text');
      await store.submit(first.key, 'Ada');
      expect(store.getSnapshot().status).toBe('awaiting-input');
      const second = onlyPrompt(store);
      expect(second).toMatchObject({ kind: 'single', question: 'Window or aisle?', runId: first.runId });
      await store.submit(second.key, 'Aisle');
      expect(store.getSnapshot()).toMatchObject({ status: 'done', text: 'Thanks Ada, seat: Aisle.' });
    });

    it('a burst of chunks notifies once per batch, and never without a change', async () => {
      const { store } = open('text');
      const seen: RunSnapshot[] = [];
      store.subscribe(() => seen.push(store.getSnapshot()));
      await store.send('Hi');
      await store.submit(onlyPrompt(store).key, 'Bo');
      expect(new Set(seen).size).toBe(seen.length);
      // send, question, answer start, accepted, reply (at least one batch), done: far fewer than chunks.
      expect(seen.length).toBeGreaterThanOrEqual(5);
      expect(seen.length).toBeLessThan(20);
      expect(seen.at(-1)?.status).toBe('done');
    });

    it('a double answer sends one request; answering an already-answered run is "expired"', async () => {
      const a = open('text');
      await a.store.send('Hi');
      const prompt = onlyPrompt(a.store);
      // A second tab of the same conversation: same prompt, restored from the server.
      const b = open('text', a.ids);
      b.store.restore((await listSuspendedRuns(b.transport, a.ids)).runs);
      expect(onlyPrompt(b.store).key).toBe(prompt.key);

      const first = a.store.submit(prompt.key, 'Ada');
      const again = a.store.submit(prompt.key, 'Ada');
      expect(again).toBe(first);
      await Promise.all([first, again]);
      expect(a.requests.resume).toBe(1);
      expect(a.store.getSnapshot().text).toBe('Hello, Ada!');

      const error = await b.store.submit(prompt.key, 'Bo').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestError);
      expect((error as RequestError).error.code).toBe('expired');
      expect(b.requests.resume).toBe(1);
      const s = b.store.getSnapshot();
      expect(s.openPrompts).toEqual([]);
      expect(s.transcript.find((e) => e.type === 'prompt')).toMatchObject({
        state: 'expired',
        error: undefined,
      });
      // The run is not in error: its question was answered elsewhere and it went on there.
      expect(s).toMatchObject({ status: 'idle', error: undefined });
    });

    it('an error from the model ends the run in error, with its message', async () => {
      const { store } = open('failing');
      await store.send('Hi');
      expect(store.getSnapshot()).toMatchObject({
        status: 'error',
        error: { code: 'stream', message: 'model exploded' },
      });
    });

    it('cancel() stops a streaming run and keeps the text that arrived', async () => {
      const { store } = open('slow');
      const sending = store.send('Talk slowly');
      await new Promise<void>((resolve) => {
        const stop = store.subscribe(() => {
          if (store.getSnapshot().text) {
            stop();
            resolve();
          }
        });
      });
      store.cancel();
      await sending;
      const s = store.getSnapshot();
      expect(s).toMatchObject({ status: 'idle', error: undefined });
      expect(SLOW_REPLY.startsWith(s.text)).toBe(true);
      expect(s.text.length).toBeLessThan(SLOW_REPLY.length);
      // The run stops on the server a moment later; closing its storage before that logs errors.
      await vi.waitFor(() => expect(server.mastra.getAgent('slow').listActiveThreadRuns()).toEqual([]));
    });

    it('suspends, survives a server restart on the same storage, restores and completes', async () => {
      const before = open('single');
      await before.store.send('Hi');
      const prompt = onlyPrompt(before.store);
      await server.close();
      server = await startMastraTestServer({ agents: suiteAgents(), storage });

      // A reload: a new store, the prompt restored from the suspended-runs list.
      const after = open('single', before.ids);
      expect(after.store.getSnapshot().openPrompts).toEqual([]);
      const { runs } = await listSuspendedRuns(after.transport, before.ids);
      expect(after.requests.list).toBe(1);
      expect(runs.map((r) => r.runId)).toEqual([prompt.runId]);
      after.store.restore(runs);
      expect(after.store.getSnapshot().status).toBe('awaiting-input');
      expect(onlyPrompt(after.store)).toEqual(prompt);
      await after.store.submit(prompt.key, 'Red');
      expect(after.store.getSnapshot()).toMatchObject({ status: 'done', text: 'You chose Red.' });
      expect(await listSuspendedRuns(after.transport, before.ids)).toEqual({ runs: [], issues: [] });
    });
  });
}
