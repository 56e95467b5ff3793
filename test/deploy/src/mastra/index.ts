// A Mastra project as a user writes it: a planner agent with Mastra's ask_user tool, storage in
// LibSQL (a file) or PostgreSQL, and the kit's answer guard in `server.middleware` with its claim
// store on the same database. Its model is scripted (no API key): it asks where, how and what,
// then writes a plan from the three answers.
import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { postgresClaimStore } from '@ask-user-kit/server/postgres';
import { ask, reply, scriptedModel } from '@ask-user-kit/testing';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { askUserTool } from '@mastra/core/tools';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { PostgresStore } from '@mastra/pg';

// The check passes the URL (a file, or a PostgreSQL it started); a user would write `file:./mastra.db`.
const url = process.env.STORAGE_URL || 'file:./mastra.db';
const onPostgres = /^postgres(ql)?:\/\//i.test(url);

// The same database as Mastra's storage: every server on it then shares the claims.
const claims = onPostgres ? postgresClaimStore({ connectionString: url }) : libsqlClaimStore({ url });
// As the server's README says: create the claim table now, and fail at startup on a bad URL.
await claims.init();

// The three questions test/deploy/drive.mjs answers, and a plan that names every answer.
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
    return `Here is your plan for ${where}: by ${how.toLowerCase()}, with ${what.toLowerCase()}.`;
  }),
];

const planner = new Agent({
  id: 'planner',
  name: 'planner',
  instructions:
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go, ' +
    'how they will travel and what the trip should include, then write a short plan from their answers.',
  model: scriptedModel(plannerScript, { modelId: 'planner' }),
  tools: { ask_user: askUserTool },
  // Threads and messages on Mastra's storage: runs are listed again by resource after a restart.
  memory: new Memory(),
});

export const mastra = new Mastra({
  agents: { planner },
  storage: onPostgres
    ? new PostgresStore({ id: 'storage', connectionString: url })
    : new LibSQLStore({ id: 'storage', url }),
  server: { middleware: [answerGuard({ claims })] },
});
