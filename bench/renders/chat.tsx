// The chat the transcript-renders section measures, bundled by esbuild and run in jsdom (see
// sections/transcriptRenders.ts). Two ways to write a chat on the kit: `rows`, the way the kit
// suggests (the host renders on structure only, `watchText: false`; each memoised row reads its own
// entry with `useTranscriptEntry`), and `naive` (the host maps `run.transcript` to plain rows).
import type { AgentTransport, DecodeEvent, RunStore, TranscriptEntry } from '@ask-user-kit/core';
import { useAgentRun, useTranscriptEntry, type AgentRun } from '@ask-user-kit/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { memo, Profiler } from 'react';
import { createRoot } from 'react-dom/client';

export type ChatKind = 'rows' | 'naive';

/** A transport whose streams hand out the batches the bench pushes, one network read each. */
function scriptedTransport() {
  const queue: (DecodeEvent[] | undefined)[] = [];
  let waiting: ((batch: DecodeEvent[] | undefined) => void) | undefined;
  const push = (batch: DecodeEvent[] | undefined) => {
    const resolve = waiting;
    waiting = undefined;
    if (resolve) resolve(batch);
    else queue.push(batch);
  };
  const next = () =>
    new Promise<DecodeEvent[] | undefined>((resolve) => {
      if (queue.length) resolve(queue.shift());
      else waiting = resolve;
    });
  async function* batches() {
    for (;;) {
      const batch = await next();
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

const rendered = { count: 0 };
/** Counts a component body run; called from each component (a function, so render stays pure to the linter). */
const countRender = () => {
  rendered.count++;
};

const text = (entry: TranscriptEntry) => (entry.type === 'prompt' ? entry.prompt.question : entry.text);

const Row = memo(function Row({ store, id }: { store: RunStore; id: string }) {
  const entry = useTranscriptEntry(store, id);
  countRender();
  return entry ? <li>{text(entry)}</li> : null;
});

function PlainRow({ entry }: { entry: TranscriptEntry }) {
  countRender();
  return <li>{text(entry)}</li>;
}

function Host({
  kind,
  transport,
  onRun,
}: {
  kind: ChatKind;
  transport: AgentTransport;
  onRun: (run: AgentRun) => void;
}) {
  const run = useAgentRun({ transport, agentId: 'scripted', watchText: kind === 'naive' });
  countRender();
  onRun(run);
  return (
    <ol>
      {run.transcript.map((entry) =>
        kind === 'rows' ? (
          <Row key={entry.id} store={run.store} id={entry.id} />
        ) : (
          <PlainRow key={entry.id} entry={entry} />
        ),
      )}
    </ol>
  );
}

/** Mounts a chat in `container`; the bench drives it through the returned handles. */
export function mountChat(kind: ChatKind, container: Element) {
  const script = scriptedTransport();
  const counts = { commits: 0 };
  let run!: AgentRun;
  const root = createRoot(container);
  const queryClient = new QueryClient();
  root.render(
    <QueryClientProvider client={queryClient}>
      <Profiler id="chat" onRender={() => counts.commits++}>
        <Host kind={kind} transport={script.transport} onRun={(r) => (run = r)} />
      </Profiler>
    </QueryClientProvider>,
  );
  return {
    run: () => run,
    script,
    counts,
    rendered,
    unmount: () => {
      root.unmount();
      // Its queries' garbage-collection timers would keep the process alive for minutes.
      queryClient.clear();
    },
  };
}
