// A Mastra project as a user writes it: a planner agent with Mastra's ask_user tool, LibSQL
// storage in a file, and the kit's answer guard in `server.middleware`. Its model is scripted
// (no API key): it asks where, how and what, then writes a plan from the three answers.
import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { scriptedModel, tripPlannerScript } from '@ask-user-kit/testing';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { askUserTool } from '@mastra/core/tools';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';

// The check passes an absolute URL; a user would write `file:./mastra.db`.
const url = process.env.STORAGE_URL ?? 'file:./mastra.db';
// The same database as Mastra's storage: every server on it then shares the claims.
const claims = libsqlClaimStore({ url });
// As the README says: create the claim table now, and fail at startup on a bad URL.
await claims.init();

const planner = new Agent({
  id: 'planner',
  name: 'planner',
  instructions:
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go, ' +
    'how they will travel and what the trip should include, then write a short plan from their answers.',
  model: scriptedModel(tripPlannerScript, { modelId: 'planner' }),
  tools: { ask_user: askUserTool },
  // Threads and messages on Mastra's storage: runs are listed again by resource after a restart.
  memory: new Memory(),
});

export const mastra = new Mastra({
  agents: { planner },
  storage: new LibSQLStore({ id: 'storage', url }),
  server: { middleware: [answerGuard({ claims })] },
});
