import { guardedTool } from '@ask-user-kit/server';
import { ask, reply } from '@ask-user-kit/testing';
import { DURABLE_REPLY } from './durableReply.ts';
import { askUserAgent, conciergeAgent, supervisorAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';

/** Agents for the React tests, served by the real Mastra server in vitest.globalSetup.ts. */
export function testAgents() {
  return {
    text: askUserAgent('text', [
      ask.text('What is your name?'),
      reply(({ answers }) => `Hello, ${answers[0]}!`),
    ]),
    single: askUserAgent('single', [
      ask.single('Pick a colour', [
        { label: 'Red', description: 'Warm' },
        { label: 'Blue', description: 'Cool' },
      ]),
      reply(({ answers }) => `You chose ${answers[0]}.`),
    ]),
    multiple: askUserAgent('multiple', [
      ask.multiple('Pick toppings', ['Cheese', 'Ham', 'Olives']),
      reply(({ answers }) => `Toppings: ${answers[0]}.`),
    ]),
    /** Three questions in one run, then a plan (the demo's script). */
    trip: askUserAgent('trip', tripPlannerScript),
    /** A reply that takes a few seconds to stream: long enough to unmount in the middle of it. */
    slow: askUserAgent('slow', [reply('word '.repeat(200), { deltas: 200, delayMs: 25 })]),
    /** Many text deltas at once: they arrive in a few network reads. */
    burst: askUserAgent('burst', [reply('x'.repeat(600), { deltas: 600 })]),
    /** 300 text deltas 1 ms apart: many network reads within each animation frame. */
    trickle: askUserAgent('trickle', [reply('y'.repeat(300), { deltas: 300, delayMs: 1 })]),
    /** The planner's questions behind an answer guard that signs them (`signingSecret`). */
    signed: askUserAgent('signed', tripPlannerScript),
    /** The planner's questions, each taking answers for 2 seconds (`expiresAt`; the answer guard refuses later ones with 410). */
    late: askUserAgent('late', tripPlannerScript, undefined, (tool) => guardedTool(tool, { ttlMs: 2_000 })),
    /** A booking that needs approval, then a budget form from a resume schema. */
    concierge: conciergeAgent(),
    /** Sub-agents that ask (designer: ask_user) and need an approval (ops: deploy) through it. */
    supervisor: supervisorAgent(),
  };
}

/** An agent to wrap with `createDurableAgent`: it asks a name, then replies in 60 pieces. */
export function durableTestAgent() {
  return askUserAgent('durable', [
    ask.text('What is your name?'),
    reply(({ answers }) => `${answers[0]}: ${DURABLE_REPLY}`, { deltas: 60, delayMs: 2 }),
  ]);
}
