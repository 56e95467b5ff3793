import { describe, expect, it } from 'vitest';
import { transportSuite } from '../test/transportSuite.ts';
import { createAgentTransport } from './agentTransport.ts';

transportSuite('in-process agent transport', (server, agentId) => {
  const agent = server.mastra.getAgent(agentId);
  const requests = { stream: 0, resume: 0, list: 0 };
  const counted: Parameters<typeof createAgentTransport>[0] = {
    stream: (messages, options) => (requests.stream++, agent.stream(messages, options)),
    resumeStream: (data, options) => (requests.resume++, agent.resumeStream(data, options)),
    listSuspendedRuns: (options) => (requests.list++, agent.listSuspendedRuns(options)),
  };
  return { transport: createAgentTransport(counted), requests };
});

describe('createAgentTransport', () => {
  it('takes a Mastra Agent as it is', async () => {
    const { ask, startMastraTestServer } = await import('@ask-user-kit/testing');
    const { askUserAgent } = await import('@ask-user-kit/testing/demo');
    const server = await startMastraTestServer({ agents: { a: askUserAgent('a', [ask.text('Q?')]) } });
    try {
      const transport = createAgentTransport(server.mastra.getAgent('a'));
      const batches = await transport.stream({ messages: [{ role: 'user', content: 'hi' }] });
      const types: string[] = [];
      for await (const batch of batches)
        for (const e of batch) if (e.kind === 'chunk') types.push(e.chunk.type);
      expect(types).toEqual(['start', 'step-start', 'tool-call', 'tool-call-suspended']);
    } finally {
      await server.close();
    }
  });
});
