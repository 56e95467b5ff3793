// Drives the deployed planner with the kit's own client, as an app would: @ask-user-kit/core from
// the packed tarball, in Node. scripts/deploy-check.mjs imports this file from the installed
// project (so `@ask-user-kit/core` resolves there) and calls its steps around server starts.
import { createFetchTransport, createRunStore, listSuspendedRuns } from '@ask-user-kit/core';

const QUESTIONS = ['Where would you like to go?', 'How will you travel?', 'What should the trip include?'];
const ANSWERS = ['Lisbon', 'Train', ['Hiking']];
const OTHER_ANSWER = 'Porto';

/** A transport to `baseUrl`, and every response it got: status, and the JSON body of a refusal. */
function connect(baseUrl) {
  const responses = [];
  const recordingFetch = async (url, init) => {
    const response = await fetch(url, init);
    const body = response.ok
      ? undefined
      : await response
          .clone()
          .json()
          .catch(() => undefined);
    responses.push({ path: new URL(url).pathname, status: response.status, body });
    return response;
  };
  return {
    transport: createFetchTransport({ baseUrl, agentId: 'planner', fetch: recordingFetch }),
    responses,
  };
}

/** The store's one open prompt, which must ask `question`. */
function openPrompt(store, question) {
  const { openPrompts, status, error } = store.getSnapshot();
  const asked = openPrompts.map((p) => p.question ?? p.kind);
  if (openPrompts.length !== 1 || openPrompts[0].question !== question) {
    const why = error ? ` (${error.code}: ${error.message})` : '';
    throw new Error(
      `expected the open question "${question}", got ${JSON.stringify(asked)}, status ${status}${why}`,
    );
  }
  return openPrompts[0];
}

function promptState(store, key) {
  return store.getSnapshot().transcript.find((entry) => entry.type === 'prompt' && entry.id === key)?.state;
}

/** Answers the open `question` and checks that the answer was taken. */
async function answer(store, question, value) {
  const prompt = openPrompt(store, question);
  await store.submit(prompt.key, value);
  const state = promptState(store, prompt.key);
  if (state !== 'answered') throw new Error(`the answer to "${question}" left the question ${state}`);
}

/**
 * Starts a conversation: the planner asks its first question. A second client (another tab)
 * lists the same question from the server; the first answers it and gets the next question, the
 * second answers it too and is refused with the guard's 409: `answered-elsewhere`.
 */
export async function answerOnceOnly(baseUrl, conversation) {
  const first = connect(baseUrl);
  const store = createRunStore({ transport: first.transport, ...conversation });
  await store.send('Plan a trip for me.');
  const prompt = openPrompt(store, QUESTIONS[0]);

  const second = connect(baseUrl);
  const otherTab = createRunStore({ transport: second.transport, ...conversation });
  otherTab.restore((await listSuspendedRuns(second.transport, conversation)).runs);
  if (openPrompt(otherTab, QUESTIONS[0]).key !== prompt.key) {
    throw new Error('the second client listed another question');
  }

  await answer(store, QUESTIONS[0], ANSWERS[0]);
  openPrompt(store, QUESTIONS[1]);

  const refused = await otherTab.submit(prompt.key, OTHER_ANSWER).then(
    () => undefined,
    (error) => error,
  );
  if (refused?.code !== 'answered-elsewhere') {
    throw new Error(
      `a second answer to "${QUESTIONS[0]}" was not refused as answered-elsewhere: ${refused?.message ?? 'it was taken'}`,
    );
  }
  const shown = promptState(otherTab, prompt.key);
  if (shown !== 'answered-elsewhere') throw new Error(`the second client shows the question ${shown}`);
  const conflict = second.responses.at(-1);
  if (
    conflict?.status !== 409 ||
    conflict.body?.code !== 'already-answered' ||
    conflict.body.toolCallId !== prompt.toolCallId
  ) {
    throw new Error(`the second answer got ${JSON.stringify(conflict)}, not the guard's 409`);
  }
  return { runId: prompt.runId };
}

/**
 * A client that comes back (after a reload, here after a server restart) lists the waiting
 * question, answers it and the last one, and gets the plan written from all three answers.
 */
export async function finishAfterRestart(baseUrl, conversation, runId) {
  const { transport } = connect(baseUrl);
  const store = createRunStore({ transport, ...conversation });
  const { runs } = await listSuspendedRuns(transport, conversation);
  if (!runs.some((run) => run.runId === runId)) {
    throw new Error(
      `the suspended-runs list lacks run ${runId}: ${JSON.stringify(runs.map((r) => r.runId))}`,
    );
  }
  store.restore(runs);
  await answer(store, QUESTIONS[1], ANSWERS[1]);
  await answer(store, QUESTIONS[2], ANSWERS[2]);
  const { status, text, error } = store.getSnapshot();
  if (status !== 'done')
    throw new Error(`the run ended ${status}${error ? ` (${error.code}: ${error.message})` : ''}`);
  const plan = text.toLowerCase();
  const missing = ANSWERS.flat().filter((value) => !plan.includes(value.toLowerCase()));
  if (missing.length) throw new Error(`the plan lacks ${missing.join(', ')}: ${text}`);
}
