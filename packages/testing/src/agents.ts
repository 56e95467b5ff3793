import { Agent } from '@mastra/core/agent';
import { createDurableAgent, type DurableAgent } from '@mastra/core/agent/durable';
import { askUserTool } from '@mastra/core/tools';
import type { MastraModelConfig } from '@mastra/core/llm';
import { ask, reply, scriptedModel, type Script } from './scriptedModel.ts';

/**
 * An agent whose only tool is Mastra's real `askUserTool` (or what `wrap` makes of it, e.g.
 * `@ask-user-kit/server`'s `guardedTool`), driven by `model` or a script.
 */
export function askUserAgent(
  id: string,
  modelOrScript: Script | MastraModelConfig,
  instructions?: string,
  wrap: (tool: typeof askUserTool) => typeof askUserTool = (tool) => tool,
): Agent {
  const model =
    Array.isArray(modelOrScript) || typeof modelOrScript === 'function'
      ? scriptedModel(modelOrScript as Script, { modelId: id })
      : modelOrScript;
  return new Agent({
    id,
    name: id,
    instructions:
      instructions ??
      'You help the user. When you need information or a decision from the user, call the ask_user tool.',
    model: model as MastraModelConfig,
    tools: { ask_user: wrap(askUserTool) },
  });
}

/**
 * `agent` as a durable agent (Mastra's `createDurableAgent`): its runs go through Mastra's pubsub,
 * so that the `observe` route can replay a run's chunks to a client whose connection broke.
 */
export const durableAgent = (agent: Agent): DurableAgent => createDurableAgent({ agent });

/** The demo conversation: a trip planner that asks all three kinds of question. */
export const tripPlannerScript: Script = [
  ask.text('Where would you like to go?'),
  ask.single('How will you travel?', [
    { label: 'Train', description: 'Slower, scenic, low carbon' },
    { label: 'Plane', description: 'Fastest for long distances' },
    { label: 'Car', description: 'Flexible stops along the way' },
  ]),
  ask.multiple('What should the trip include?', [
    { label: 'Museums' },
    { label: 'Hiking' },
    { label: 'Food tours' },
    { label: 'Beaches' },
  ]),
  reply(
    ({ answers }) => {
      const [where = 'somewhere nice', how = 'train', what = 'a bit of everything'] = answers;
      return (
        `Here is your plan for ${where}. You will travel by ${how.toLowerCase()}, ` +
        `and the days include ${what.toLowerCase()}. ` +
        `Day one: arrive, settle in and take a slow walk around the centre. ` +
        `Day two: the highlights you picked, at an easy pace. ` +
        `Day three: a free morning, then the journey home. Have a wonderful trip!`
      );
    },
    { deltas: 40, delayMs: 15 },
  ),
];
