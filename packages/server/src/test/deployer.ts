import { ask, reply, scriptedModel } from '@ask-user-kit/testing';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

/**
 * An agent whose `deploy` tool requires approval: it asks to deploy to production, and once
 * approved runs `deploy` (the tests' hook: record the call, or hold it) and says "Deployed.".
 */
export function deployerAgent(deploy: (target: string) => unknown = () => {}): Agent {
  const tool = createTool({
    id: 'deploy',
    description: 'Deploys the app.',
    inputSchema: z.object({ target: z.string() }),
    requireApproval: true,
    execute: async ({ target }) => {
      await deploy(target);
      return { deployed: target };
    },
  });
  return new Agent({
    id: 'deployer',
    name: 'deployer',
    instructions: 'Deploy when asked.',
    model: scriptedModel([
      ask.raw({ target: 'production' }, 'deploy'),
      reply('Deployed.'),
    ]) as MastraModelConfig,
    tools: { deploy: tool },
  });
}
