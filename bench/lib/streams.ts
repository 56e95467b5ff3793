import type { StreamSpec } from './recordings.ts';

/** Lengths measured, in text deltas. */
export const LENGTHS = [1_000, 2_500, 10_000, 20_000];

/**
 * Two shapes of run at each length: `chat` (2 tool calls, mostly text) and `agent` (24 tool
 * calls, whose step-finish chunks repeat the growing conversation and reach megabytes).
 */
export const throughputSpecs = (): StreamSpec[] =>
  LENGTHS.flatMap((deltas) => [
    { name: `chat-${deltas}`, deltas, toolCalls: 2 },
    { name: `agent-${deltas}`, deltas, toolCalls: 24 },
  ]);

/** The burst rendered in the renders section: about 10,000 chunks. */
export const burstSpec: StreamSpec = { name: 'burst-10000', deltas: 9_990, toolCalls: 2 };

/** The long run held in memory in the memory section: about 100,000 chunks. */
export const memorySpec: StreamSpec = { name: 'memory-100000', deltas: 99_990, toolCalls: 2 };

export const allStreamSpecs = (): StreamSpec[] => [...throughputSpecs(), burstSpec, memorySpec];
