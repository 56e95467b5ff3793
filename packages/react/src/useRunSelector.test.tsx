import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AgentTransport, type DecodeEvent, type RunStore } from '@ask-user-kit/core';
import { decodeText } from '@ask-user-kit/core/internal';
import { act, render, screen, waitFor } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { newQueryClient, withClient } from './test/harness.tsx';
import { useAgentRun, type AgentRun } from './useAgentRun.ts';
import { useTranscriptEntry } from './useRunSelector.ts';

// A chat built the way the kit suggests: the host renders on structure only (`watchText: false`),
// each row reads its own entry. Renders are counted per component; a text delta must render the
// streaming message alone, a new question itself (and the host, which adds its row) alone.

// Recorded from the real server by core's fixture script (packages/core/src/fixtures/README.md).
const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../core/src/fixtures', name), 'utf8');

/** A transport whose streams hand out the batches a test pushes, one network read each; `end` ends one. */
function scriptedTransport() {
  type Item = { batch: DecodeEvent[] | undefined };
  const queue: Item[] = [];
  let waiting: ((item: Item) => void) | undefined;
  const push = (batch: DecodeEvent[] | undefined) => {
    const resolve = waiting;
    waiting = undefined;
    if (resolve) resolve({ batch });
    else queue.push({ batch });
  };
  const next = () =>
    new Promise<Item>((resolve) => {
      const queued = queue.shift();
      if (queued) resolve(queued);
      else waiting = resolve;
    });
  async function* batches() {
    for (;;) {
      const { batch } = await next();
      if (!batch) return;
      yield batch;
    }
  }
  const transport: AgentTransport = {
    stream: () => Promise.resolve(batches()),
    resume: () => Promise.resolve(batches()),
    listSuspended: () => Promise.resolve({ runs: [], issues: [] }),
  };
  return { transport, push, end: () => push(undefined) };
}

const textChunk = (runId: string, text: string): DecodeEvent => ({
  kind: 'chunk',
  chunk: { type: 'text-delta', runId, from: 'AGENT', payload: { id: 'text-1', text } },
});

const renders = new Map<string, number>();
const count = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1);

const Row = memo(function Row({ store, id }: { store: RunStore; id: string }) {
  const entry = useTranscriptEntry(store, id);
  count(id);
  if (!entry) return null;
  return <li data-testid={id}>{entry.type === 'prompt' ? entry.prompt.question : entry.text}</li>;
});

function Host({ transport, onRun }: { transport: AgentTransport; onRun: (run: AgentRun) => void }) {
  const run = useAgentRun({ transport, agentId: 'scripted', watchText: false });
  count('host');
  onRun(run);
  return (
    <ol>
      {run.transcript.map((entry) => (
        <Row key={entry.id} store={run.store} id={entry.id} />
      ))}
    </ol>
  );
}

async function chatWith(earlier: number) {
  renders.clear();
  const script = scriptedTransport();
  let run!: AgentRun;
  let commits = 0;
  render(
    <Profiler id="chat" onRender={() => commits++}>
      <Host transport={script.transport} onRun={(r) => (run = r)} />
    </Profiler>,
    { wrapper: withClient(newQueryClient()) },
  );
  // Earlier messages and replies: one send and one batch of text each.
  for (let message = 0; message < earlier; message++) {
    const sent = run.send(`Message ${message}`);
    script.push([textChunk(`run-${message}`, `Reply ${message}`)]);
    script.end();
    await act(() => sent);
  }
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(earlier * 2));
  renders.clear();
  return { run, script, commits: () => commits };
}

describe('a chat with per-entry rows', () => {
  it('renders only the streaming message for a text delta, and only the new question for a question', async () => {
    const { run, script } = await chatWith(20);
    const sent = run.send('Plan a trip');
    script.push([textChunk('run-live', 'Let me ')]);
    await waitFor(() => expect(screen.getByText('Let me')).toBeDefined());
    const liveId = run.store.getSnapshot().transcript.at(-1)!.id;
    renders.clear();

    for (const text of ['think ', 'about ', 'it.']) {
      script.push([textChunk('run-live', text)]);
      await waitFor(() => expect(screen.getByTestId(liveId).textContent).toContain(text.trim()));
    }
    expect(Object.fromEntries(renders)).toEqual({ [liveId]: 3 });

    renders.clear();
    const question = decodeText(fixture('single.stream.sse')).filter(
      (event) => event.kind === 'chunk' && event.chunk.type.startsWith('tool-call'),
    );
    script.push(question);
    script.end();
    await act(() => sent);
    const promptId = run.store.getSnapshot().transcript.at(-1)!.id;
    await waitFor(() => expect(screen.getByTestId(promptId)).toBeDefined());
    // The host adds the row; no earlier row renders again.
    expect([...renders.keys()].sort()).toEqual(['host', promptId].sort());
  });

  it('keeps the host still while only text streams (watchText: false)', async () => {
    const { run, script } = await chatWith(2);
    const sent = run.send('Hello');
    script.push([textChunk('run-live', 'One ')]);
    await waitFor(() => expect(run.store.getSnapshot().text).toBe('One '));
    await waitFor(() => expect(renders.get('host')).toBeGreaterThan(0));
    renders.clear();
    script.push([textChunk('run-live', 'two')]);
    await waitFor(() => expect(screen.getByText('One two')).toBeDefined());
    expect(renders.get('host')).toBeUndefined();
    script.end();
    await act(() => sent);
  });
});
