// A Mastra project with the kit's server side: a planner agent that asks with Mastra's askUserTool,
// storage in LibSQL (a file) or PostgreSQL (STORAGE_URL=postgresql://…), and the kit's answer guard
// in `server.middleware` with its claims on the same database: an answer is taken once, whichever
// tab or server instance it reaches. The AI SDK's chat route and its history route serve the AI SDK
// and assistant-ui pages. Without MODEL, the model is scripted (no API key).
import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { chatHistoryRoute } from '@ask-user-kit/server/ai-sdk';
import { postgresClaimStore } from '@ask-user-kit/server/postgres';
import { ask, reply, scriptedModel } from '@ask-user-kit/testing';
import { chatRoute } from '@mastra/ai-sdk';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { askUserTool } from '@mastra/core/tools';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { PostgresStore } from '@mastra/pg';

// Under `mastra dev`, a relative file lands in src/mastra/public/.
const url = process.env.STORAGE_URL || 'file:./mastra.db';
const onPostgres = /^postgres(ql)?:\/\//i.test(url);

// The same database as Mastra's storage: every server on it then shares the claims.
const claims = onPostgres ? postgresClaimStore({ connectionString: url }) : libsqlClaimStore({ url });
// Creates the claim table now, and fails at startup on a bad URL.
await claims.init();

// What the scripted model does: three questions, then a plan that names every answer.
const plannerScript = [
  ask.text('Where would you like to go?'),
  ask.single('How will you travel?', [{ label: 'Train' }, { label: 'Plane' }, { label: 'Car' }]),
  ask.multiple('What should the trip include?', [
    { label: 'Museums' },
    { label: 'Hiking' },
    { label: 'Food tours' },
    { label: 'Beaches' },
  ]),
  reply(({ answers }) => {
    const [where = '', how = '', what = ''] = answers;
    return `Here is your plan for ${where}. You will travel by ${how.toLowerCase()}, and the days include ${what.toLowerCase()}.`;
  }),
];

const planner = new Agent({
  id: 'planner',
  name: 'planner',
  instructions:
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go, ' +
    'how they will travel and what the trip should include, then write a short plan from their answers.',
  // A model of Mastra's router (MODEL=openai/gpt-5-mini, with its API key in the environment), or the script.
  model: process.env.MODEL || scriptedModel(plannerScript, { modelId: 'planner' }),
  tools: { ask_user: askUserTool },
  // Threads and messages on Mastra's storage: questions are listed again after a reload or a restart.
  memory: new Memory(),
});

export const mastra = new Mastra({
  agents: { planner },
  storage: onPostgres
    ? new PostgresStore({ id: 'storage', connectionString: url })
    : new LibSQLStore({ id: 'storage', url }),
  server: {
    middleware: [answerGuard({ claims })],
    apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
  },
});
