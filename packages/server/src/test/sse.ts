import { expect } from 'vitest';

export interface Chunk {
  type: string;
  runId?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- chunks off the wire; each test reads the fields it checks
  payload?: any;
  data?: { runId: string; toolCallId: string };
}

export interface Asked {
  runId: string;
  toolCallId: string;
}

// Observe wraps each chunk of the run as `{ type: 'chunk', data: <chunk> }`.
export const frames = (text: string): Chunk[] =>
  text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Chunk)
    .map((chunk) => (chunk.type === 'chunk' ? (chunk.data as unknown as Chunk) : chunk));

export async function readSse(res: Response): Promise<Chunk[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  return frames(await res.text());
}

/**
 * Reads an SSE answer until a chunk of `type` arrives, then stops reading: a durable agent's
 * stream stays open after the run suspends.
 */
export async function readSseUntil(res: Response, type: string): Promise<Chunk[]> {
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const complete = text.slice(0, text.lastIndexOf('\n\n') + 1);
    if (frames(complete).some((chunk) => chunk.type === type)) break;
  }
  await reader.cancel();
  return frames(text.slice(0, text.lastIndexOf('\n\n') + 1));
}

export function pendingCall(chunks: Chunk[], type = 'tool-call-suspended'): Asked {
  const found = chunks.filter((chunk) => chunk.type === type);
  expect(found, `chunk types: ${chunks.map((chunk) => chunk.type).join(', ')}`).toHaveLength(1);
  return { runId: found[0]!.runId!, toolCallId: found[0]!.payload.toolCallId as string };
}
