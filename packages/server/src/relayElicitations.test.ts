import { describe, expect, it } from 'vitest';
import { relayElicitations } from './relayElicitations.ts';

// The replay itself, with a tool that asks as an MCP client's tool does: through the relay's
// `inputRequests`, once per round, in order. The whole path, against real Mastra and MCP
// servers, is in core's elicitations.wire.test.ts.

type Answer = Awaited<ReturnType<ReturnType<typeof relayElicitations>['inputRequests']>>;
const question = (message: string) => ({
  mode: 'form',
  message,
  requestedSchema: { type: 'object', properties: { n: { type: 'integer' } } },
});

/** A tool whose server asks `questions` in turn, and returns the answers it was given. */
function askingTool(relay: ReturnType<typeof relayElicitations>, questions: () => string[]) {
  return {
    mcpMetadata: { serverName: 'bookings' },
    execute: async () => {
      const answers: Answer[] = [];
      for (const message of questions())
        answers.push(await relay.inputRequests({ params: question(message) }));
      return answers;
    },
  };
}

/** Runs the relayed tool once, as Mastra runs it in an agent: what it suspended with, or returned. */
async function run(
  tool: { execute: (input: unknown, context: unknown) => Promise<unknown> },
  resume?: { payload: unknown; answer: Answer },
) {
  let suspended: unknown;
  const agent = {
    suspend: async (payload: unknown) => void (suspended = payload),
    resumeData: resume?.answer,
    suspendPayload: resume?.payload,
  };
  const output = await tool.execute({}, { agent });
  return { suspended, output };
}

describe('relayElicitations', () => {
  it('suspends on each round and gives every earlier answer again, in order, when the call starts over', async () => {
    const relay = relayElicitations();
    const { tool } = relay.tools({ tool: askingTool(relay, () => ['How many?', 'How many more?']) });
    const first = await run(tool);
    expect(first.suspended).toEqual({
      elicitation: { ...question('How many?'), server: 'bookings' },
      answered: [],
    });
    const second = await run(tool, {
      payload: first.suspended,
      answer: { action: 'accept', content: { n: 1 } },
    });
    expect(second.suspended).toMatchObject({
      elicitation: { message: 'How many more?', server: 'bookings' },
      answered: [{ params: question('How many?'), answer: { action: 'accept', content: { n: 1 } } }],
    });
    const third = await run(tool, { payload: second.suspended, answer: { action: 'decline' } });
    expect(third).toEqual({
      suspended: undefined,
      output: [{ action: 'accept', content: { n: 1 } }, { action: 'decline' }],
    });
  });

  it('asks again when the server asks something else than the question answered', async () => {
    const relay = relayElicitations();
    let message = 'How many?';
    const { tool } = relay.tools({ tool: askingTool(relay, () => [message]) });
    const first = await run(tool);
    message = 'How many, at most?';
    const second = await run(tool, {
      payload: first.suspended,
      answer: { action: 'accept', content: { n: 1 } },
    });
    expect(second.suspended).toMatchObject({ elicitation: { message: 'How many, at most?' } });
  });

  it('cancels a request made outside a relayed tool, and lets other errors through', async () => {
    const relay = relayElicitations();
    await expect(relay.inputRequests({ params: question('How many?') })).resolves.toEqual({
      action: 'cancel',
    });
    const failing = relay.tools({
      tool: {
        execute: async () => {
          throw new Error('the server is down');
        },
      },
    });
    await expect(run(failing.tool)).rejects.toThrow('the server is down');
  });
});
