import { createFetchTransport } from '../transports/fetchTransport.ts';
import type { AgentTransport } from '../types.ts';

/**
 * A fetch transport to `agentId` at `baseUrl`, and what it requested, in order: each URL after
 * `/agents/<agentId>` (`/stream`, `/resume-stream`, …), or whole when it is not under it.
 */
export function recordingTransport(
  baseUrl: string,
  agentId: string,
): { transport: AgentTransport; requests: string[] } {
  const requests: string[] = [];
  const agentPath = `/agents/${agentId}`;
  const transport = createFetchTransport({
    baseUrl,
    agentId,
    fetch: (input, init) => {
      const url = String(input);
      const at = url.indexOf(agentPath);
      requests.push(at < 0 ? url : url.slice(at + agentPath.length));
      return fetch(input, init);
    },
  });
  return { transport, requests };
}
