// Shared by the Node side (the agent, in testAgents.ts) and the browser test that reads its reply.
/** The words of `durableTestAgent`'s reply after the name it was given. */
export const DURABLE_REPLY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
