import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool, createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ask, reply, scriptedModel, type ScriptContext, type ScriptStep } from './scriptedModel.ts';

/** Deploys once the user approved the call (`requireApproval`): the `ops` sub-agent's tool. */
const deployTool = createTool({
  id: 'deploy',
  description: 'Deploys the site to a target. The user approves first.',
  inputSchema: z.object({ target: z.string() }),
  requireApproval: true,
  execute: async ({ target }) => ({ deployed: target }),
});

const lastResult = (ctx: ScriptContext) => ctx.results.at(-1)?.value;

/** The `designer` sub-agent: asks the user which colour with Mastra's `ask_user`, then says it. */
function designerAgent(): Agent {
  return new Agent({
    id: 'designer',
    name: 'designer',
    description: 'Chooses the site colour with the user.',
    instructions: 'Ask the user which colour the site should be.',
    model: scriptedModel(
      [
        ask.single('Which colour should the site be?', ['Teal', 'Amber']),
        reply(({ answers }) => `Colour: ${answers[0]}.`),
      ],
      { modelId: 'designer' },
    ) as MastraModelConfig,
    tools: { ask_user: askUserTool },
  });
}

/** The `ops` sub-agent: deploys to production with a tool that needs the user's approval. */
function opsAgent(): Agent {
  return new Agent({
    id: 'ops',
    name: 'ops',
    description: 'Deploys the site.',
    instructions: 'Deploy the site to production.',
    model: scriptedModel(
      (ctx): ScriptStep =>
        ctx.results.length === 0
          ? ask.raw({ target: 'production' }, 'deploy')
          : reply(`Deploy: ${JSON.stringify(lastResult(ctx))}.`),
      { modelId: 'ops' },
    ) as MastraModelConfig,
    tools: { deploy: deployTool },
  });
}

/**
 * A supervisor with two sub-agents (`agents: { designer, ops }`): it hands the colour to
 * `designer` (whose `ask_user` question reaches the user through the supervisor's run), then the
 * deploy to `ops` (whose tool needs the user's approval), then sums up what they said.
 */
export function supervisorAgent(id = 'supervisor'): Agent {
  return new Agent({
    id,
    name: id,
    instructions: 'Have the designer choose a colour with the user, then have ops deploy.',
    model: scriptedModel(
      (ctx): ScriptStep => {
        if (ctx.results.length === 0)
          return ask.raw({ prompt: 'Choose the colour with the user.' }, 'agent-designer');
        if (ctx.results.length === 1) return ask.raw({ prompt: 'Deploy to production.' }, 'agent-ops');
        return reply(`Done. ${ctx.results.map((result) => JSON.stringify(result.value)).join(' ')}`);
      },
      { modelId: id },
    ) as MastraModelConfig,
    agents: { designer: designerAgent(), ops: opsAgent() },
  });
}
