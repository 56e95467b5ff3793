import { Agent } from '@mastra/core/agent';
import { askUserTool, createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ask, reply, scriptedModel, type ScriptStep } from '@ask-user-kit/testing';

/** A search tool that answers at once with ~1.2 KB of results, like a real lookup. */
export const lookupTool = createTool({
  id: 'lookup',
  description: 'Looks a topic up and returns short results.',
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => ({
    query,
    results: Array.from({ length: 5 }, (_, i) => ({
      title: `Result ${i + 1} for ${query}`,
      url: `https://example.org/${encodeURIComponent(query)}/${i + 1}`,
      snippet: 'Opening hours, prices and how to get there, with notes from recent visitors. '.repeat(2),
    })),
  }),
});

const PARAGRAPH =
  'The night train leaves Vienna at nine and reaches Venice by breakfast; book a couchette, ' +
  'bring a scarf for the café on the quay, and keep the museum pass handy 🚆 — it covers five ' +
  'galleries, two boat rides and the old clock tower. On day two, walk the market before noon. ';

/** Exactly `deltas` pieces of five code points each: the scripted model splits text evenly. */
export function longText(deltas: number): string {
  const chars = Array.from(PARAGRAPH);
  const out: string[] = [];
  for (let i = 0; i < deltas * 5; i++) out.push(chars[i % chars.length]!);
  return out.join('');
}

/**
 * An agent that calls `lookup` `toolCalls` times (one call per step), then streams a reply of
 * `deltas` text deltas; the real `askUserTool` is registered too. Every step goes through Mastra.
 */
export function longRunAgent(id: string, deltas: number, toolCalls: number): Agent {
  const text = longText(deltas);
  const model = scriptedModel((ctx): ScriptStep =>
    ctx.step < toolCalls ? ask.raw({ query: `topic ${ctx.step + 1}` }, 'lookup') : reply(text, { deltas }),
  );
  return new Agent({
    id,
    name: id,
    instructions: 'You plan trips. Look things up, then answer.',
    model: model as never,
    tools: { ask_user: askUserTool, lookup: lookupTool },
  });
}

/** An agent that asks one single-choice question at once, then replies briefly (latency runs). */
export function quickAskAgent(id: string): Agent {
  const model = scriptedModel([
    ask.single('How will you travel?', ['Train', 'Plane', 'Car']),
    reply(({ answers }) => `You picked ${answers[0]}.`, { deltas: 4 }),
  ]);
  return new Agent({
    id,
    name: id,
    instructions: 'Ask, then answer.',
    model: model as never,
    tools: { ask_user: askUserTool },
  });
}
