import { MastraClient } from '@mastra/client-js';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { transportSuite } from '../test/transportSuite.ts';
import { createClientJsTransport } from './clientJsTransport.ts';

// client-js 1.47 re-processes every stream itself and logs what it dislikes there ("Error
// processing stream response: tool_result must be preceded by a tool_call" on every resume, see
// PROTOCOL.md; the model's error for a failed run). Anything else logged fails the file.
const logged: unknown[][] = [];
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterAll(() => {
  vi.restoreAllMocks();
  const unexpected = logged.filter((args) => args[0] !== 'Error processing stream response:');
  expect(unexpected).toEqual([]);
});

transportSuite('client-js transport', (server, agentId) => {
  const requests = { stream: 0, resume: 0, list: 0 };
  const client = new MastraClient({
    baseUrl: server.url,
    // Otherwise client-js retries a 500 (an expired answer) three times.
    retries: 0,
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/resume-stream')) requests.resume++;
      else if (url.endsWith('/stream')) requests.stream++;
      else if (url.includes('/suspended-runs')) requests.list++;
      return fetch(input, init);
    },
  });
  return { transport: createClientJsTransport(client.getAgent(agentId)), requests };
});
