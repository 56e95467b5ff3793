// The "./agents" the server docs' snippets import: an app's own agent, as a user would have it.
import { Agent } from '@mastra/core/agent';
import { askUserTool } from '@mastra/core/tools';
import { Memory } from '@mastra/memory';

export const planner = new Agent({
  id: 'planner',
  name: 'planner',
  instructions: 'Ask the user where to go, then plan the trip.',
  model: 'openai/gpt-4o',
  tools: { ask_user: askUserTool },
  memory: new Memory(),
});
