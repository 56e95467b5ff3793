// node packages/react/scripts/recordAgUiEvents.ts
//
// Records the AG-UI events @ag-ui/mastra's MastraAgent emits for ask_user, into
// packages/react/src/adapters/agUi/agUiEvents.json: a real Mastra instance (from
// @ask-user-kit/testing's server) with scripted models, wrapped by @ag-ui/mastra's own
// `getLocalAgent`; each run's events are collected from `agent.run(input)` as an AG-UI client
// receives them, and a resume is sent as CopilotKit's useInterrupt sends it
// (`forwardedProps.command.resume` with the `interruptEvent`). Nothing is edited; ids are the
// server's, but the AG-UI run ids the script makes up are numbered in order.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, reply, startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import type { BaseEvent } from '@ag-ui/client';
import { getLocalAgent } from '@ag-ui/mastra';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/adapters/agUi/agUiEvents.json');

const agents = {
  trip: askUserAgent('trip', tripPlannerScript),
  malformed: askUserAgent('malformed', [
    ask.raw({ question: 'Pick one', options: [{ label: 'Same' }, { label: 'Same' }] }),
    reply('Thanks.'),
  ]),
};
const server = await startMastraTestServer({ agents });
let runs = 0;

/** One AG-UI thread with one agent. */
function thread(agentId: string) {
  const agent = getLocalAgent({ mastra: server.mastra as never, agentId, resourceId: 'user-1' });
  const messages = [{ id: 'message-1', role: 'user' as const, content: 'Plan a trip for me' }];
  let lastInterrupt: unknown;

  async function run(forwardedProps: Record<string, unknown>): Promise<BaseEvent[]> {
    runs += 1;
    const events: BaseEvent[] = [];
    const input = {
      threadId: `thread-${agentId}`,
      runId: `run-${runs}`,
      messages,
      tools: [],
      context: [],
      state: {},
      forwardedProps,
    };
    await new Promise<void>((resolve, reject) =>
      agent.run(input).subscribe({ next: (event) => events.push(event), error: reject, complete: resolve }),
    );
    const custom = events.find((event) => event.type === 'CUSTOM') as { value?: unknown } | undefined;
    lastInterrupt = typeof custom?.value === 'string' ? JSON.parse(custom.value) : custom?.value;
    return events;
  }

  return {
    start: () => run({}),
    resume: (resume: unknown) => run({ command: { resume, interruptEvent: lastInterrupt } }),
  };
}

const recorded: Record<string, BaseEvent[]> = {};
const trip = thread('trip');
recorded['trip.asked-text'] = await trip.start();
recorded['trip.asked-single'] = await trip.resume('Lisbon');
recorded['trip.asked-multiple'] = await trip.resume('Train');
recorded['trip.done'] = await trip.resume(['Museums', 'Food tours']);
recorded['malformed.asked'] = await thread('malformed').start();
await server.close();

const header = {
  recordedWith: 'node packages/react/scripts/recordAgUiEvents.ts',
  how:
    "each run's AG-UI events from @ag-ui/mastra 1.1.2 getLocalAgent (@ag-ui/client 1.0.0) over a real " +
    'Mastra instance with @mastra/core 1.71.0 and scripted models; resumes as forwardedProps.command',
};
writeFileSync(out, `${JSON.stringify({ ...header, runs: recorded }, null, 2)}\n`);
console.log(`recorded ${Object.keys(recorded).length} runs into ${path.relative(process.cwd(), out)}`);
