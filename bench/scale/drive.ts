// Drives the scale-out run that scripts/scale.sh sets up (PostgreSQL and HAProxy already running):
// starts the apps/server instances, runs C conversations through the kit's core (fetch transport +
// run store, no browser), kills one instance mid-run and restarts it, races two clients on a share
// of the questions, cuts a share of the replies mid-stream (read on through another instance),
// times the suspended-runs listing with 10,000 suspended runs in storage, and prints a Markdown
// report. With --json it also writes the checks for .ci/summary.mjs.
// Every loop is bounded in count and time; every request goes to 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AnswerValue,
  createFetchTransport,
  createRunStore,
  listSuspendedRuns,
  type Prompt,
  reconnect,
  REPLY_LOST_MESSAGE,
  RequestError,
  type RunStore,
} from '@ask-user-kit/core';
import pg from 'pg';
import { checkInboxAgreement, parkConversations } from './inboxAgreement.ts';

const INSTANCE_HEADER = 'x-ask-user-kit-instance';
const AGENT = 'planner';
const QUESTIONS = 3;
// Bounds: a conversation's steps, the whole drive, waiting for an instance.
const MAX_STEPS = 40;
// An instance took 43 s to start on the shared 2-core machine at load 25: two starting at once need more.
const READY_TIMEOUT_MS = 120_000;
const RESTART_AFTER_MS = 1_500;
const RETRY_PAUSE_MS = 250;
const LISTING_ROUNDS = 10;
const PROGRESS_EVERY_MS = 5_000;
// A stream silent this long is abandoned (status error, code timeout) and the conversation restored.
// Above what an instance takes to answer on a saturated machine: an abandoned stream whose run then
// ends on the server is a lost reply, and the message sent again is more load (20 s was too short at
// C = 1,000 with the machine's 2 cores also busy with other work: 400 streams abandoned).
const IDLE_TIMEOUT_MS = 60_000;
// A store operation that has not settled after this long is cancelled and counted (see `hung`).
// Above the slowest answer seen at C = 1,000 on 2 cores (57 s): shorter, it cancels answers that are
// only slow, which then count as lost races and lost conversations.
const OPERATION_TIMEOUT_MS = 120_000;
// The instances reconcile their inbox index with Mastra this often; the inbox check waits at most
// two of these (and a bit) for the index and Mastra to agree.
const INBOX_RECONCILE_MS = 10_000;
const INBOX_AGREE_WITHIN_MS = 2 * INBOX_RECONCILE_MS + 5_000;
// Every CUT_EVERY-th conversation has the reply to its first answer (resume-stream) cut mid-reply;
// its store then reads the reply on through another instance than the one that streamed it
// (observe, sent past the balancer to that other instance).
const CUT_EVERY = 3;
const progress = (message: string) => console.error(`::: scale: ${message}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(root, 'apps/server/src/main.ts');

const { values: args } = parseArgs({
  options: {
    balancer: { type: 'string' },
    ports: { type: 'string' },
    postgres: { type: 'string' },
    conversations: { type: 'string', default: '200' },
    'race-every': { type: 'string', default: '5' },
    suspended: { type: 'string', default: '10000' },
    'take-over-ms': { type: 'string', default: '3000' },
    'timeout-s': { type: 'string', default: '600' },
    pids: { type: 'string' },
    json: { type: 'string' },
    'claim-tests': { type: 'string' },
  },
});

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`drive: --${name} is required`);
  return value;
}
const balancer = required('balancer', args.balancer);
const ports = required('ports', args.ports).split(',').map(Number);
const postgresUrl = required('postgres', args.postgres);
const conversationCount = Number(args.conversations);
const raceEvery = Number(args['race-every']);
const suspendedCount = Number(args.suspended);
const takeOverMs = Number(args['take-over-ms']);
const deadline = Date.now() + Number(args['timeout-s']) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timeLeft = () => deadline - Date.now();

// ——— Instances ———

interface Instance {
  name: string;
  port: number;
  url: string;
  child?: ChildProcess;
  up: boolean;
  inFlight: number;
}

const instances: Instance[] = ports.map((port, index) => ({
  name: `i${index + 1}`,
  port,
  url: `http://127.0.0.1:${port}`,
  up: false,
  inFlight: 0,
}));

function startInstance(instance: Instance): Promise<void> {
  const child = spawn(process.execPath, [serverMain], {
    cwd: path.dirname(serverMain),
    env: {
      ...process.env,
      PORT: String(instance.port),
      INSTANCE: instance.name,
      STORAGE_URL: postgresUrl,
      CLAIM_LEASE_MS: String(takeOverMs),
      INBOX_RECONCILE_MS: String(INBOX_RECONCILE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.child = child;
  if (args.pids) writeFileSync(args.pids, `${instances.map((i) => i.child?.pid ?? '').join(' ')}\n`);
  let output = '';
  child.stderr!.setEncoding('utf8').on('data', (data: string) => (output += data));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${instance.name} not ready: ${output}`)),
      READY_TIMEOUT_MS,
    );
    child.stdout!.setEncoding('utf8').on('data', (data: string) => {
      output += data;
      if (!instance.up && output.includes('ready at')) {
        instance.up = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      // Said at once when it was not this driver's kill: the report would come too late to tell.
      if (instance.up && signal !== 'SIGKILL')
        progress(`${instance.name} exited (${code ?? signal}): ${output.slice(-2000)}`);
      instance.up = false;
      clearTimeout(timer);
      reject(new Error(`${instance.name} exited (${code ?? signal}): ${output.slice(-2000)}`));
    });
  });
}

function stopAll() {
  for (const instance of instances) instance.child?.kill('SIGKILL');
}

/** Waits until the balancer answers through every instance (its health checks saw them up). */
async function waitForBalancer() {
  const seen = new Set<string>();
  for (let attempt = 0; attempt < 200 && seen.size < instances.length; attempt++) {
    const res = await fetch(`${balancer}/api/agents`).catch(() => undefined);
    const name = res?.headers.get(INSTANCE_HEADER);
    if (res?.ok && name) seen.add(name);
    await res?.arrayBuffer().catch(() => {});
    if (seen.size < instances.length) await sleep(100);
  }
  if (seen.size < instances.length) throw new Error(`the balancer reached only ${[...seen].join(', ')}`);
}

// ——— Conversations ———

interface Conversation {
  index: number;
  threadId: string;
  resourceId: string;
  store: RunStore;
  /** The instance whose response carried the current question (the last stream or resume). */
  askedBy: string | undefined;
  answers: { askedBy: string; answeredBy: string; latencyMs: number }[];
  /** Set by the wrapped fetch when a resume is accepted (200). */
  acceptedAt: number;
  acceptedBy: string;
  /** A restore was needed after the kill, and the instances its lists were served by. */
  broke: boolean;
  restoredThrough: string[];
  /** Restores needed before the kill (a stream silent past the idle timeout on a loaded machine). */
  restoresBeforeKill: number;
  reloads: number;
  resent: number;
  /** The last run id the client saw, kept across reloads (a reloaded store knows none). */
  runId: string | undefined;
  /** A reload listed nothing: the page shows an empty conversation. */
  reloadFoundNothing: boolean;
  /** Runs whose reply the client lost after the run ended on the server; the message was sent again. */
  lostReplies: number;
  /** Times a reply broke off and the store re-attached to its run (status `reconnecting`), and of those, read on to the reply's end. */
  reconnects: number;
  reconnected: number;
  /** A reply this driver cut (the instance that streamed it), and the instance that served the read-on. */
  cutBy: string | undefined;
  observedBy: string | undefined;
  /** Replies cut here and read on to their end through another instance than the one that streamed them. */
  readOnAcross: number;
  cuts: number;
  cutOnce: boolean;
  timeouts: number;
  /** Store operations (send, submit, retry) that had not settled after OPERATION_TIMEOUT_MS. */
  hung: number;
  done: boolean;
  error?: string;
}

interface Race {
  accepted: number;
  answeredElsewhere: number;
  other: string[];
}

const races: Race[] = [];
// What a client of a race gets when the instance it answered through died, or its question's run
// was taken and lost with it: not an answer from the guard.
const DISTURBED = new Set(['network', 'connection-lost', 'aborted', 'expired', 'timeout']);
const hangs: string[] = [];
// What storage held for each run whose reply a client lost, and for each conversation still lost
// at the end: Mastra's workflow snapshot rows of the run (workflow name: status), or "no row".
const lostReplyRows = new Map<string, number>();
const lostConversationRows: string[] = [];
const errors: string[] = [];
let killed: Instance | undefined;
let killedAt = 0;
let acceptedAnswers = 0;
let killTriggered = false;

const pickOther = (avoid: (string | undefined)[]): Instance | undefined =>
  instances.find((instance) => instance.up && !avoid.includes(instance.name));

/** Waits (bounded) for an instance other than `avoid` to be up: the one killed comes back. */
async function otherInstance(avoid: (string | undefined)[]): Promise<Instance> {
  for (let attempt = 0; attempt < 200 && timeLeft() > 0; attempt++) {
    const found = pickOther(avoid);
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no instance up other than ${avoid.join(', ')}`);
}

/** What a transport's requests are for: a restore's lists go to an instance other than the one killed, and those begun after the kill are recorded. */
interface FetchRole {
  restoring: boolean;
  afterKill?: boolean;
}

/**
 * The fetch the conversation's transport uses: streams and lists go through the balancer; an
 * answer (resume-stream) goes straight to an instance other than the one that asked, and a list
 * made to restore after a failure to one other than the one killed. Records which instance answered.
 */
function conversationFetch(conversation: Conversation, role: FetchRole): typeof fetch {
  return async (input, init) => {
    let url = String(input);
    const resuming = url.endsWith('/resume-stream');
    const observing = url.endsWith('/observe');
    let target: Instance | undefined;
    if (resuming) target = await otherInstance([conversation.askedBy]);
    else if (observing && conversation.cutBy) target = await otherInstance([conversation.cutBy]);
    else if (role.restoring && url.includes('/suspended-runs')) target = await otherInstance([killed?.name]);
    if (target) url = target.url + url.slice(balancer.length);
    if (target) target.inFlight += 1;
    try {
      const res = await fetch(url, init);
      if (process.env.SCALE_DEBUG)
        progress(`${conversation.index} ${init?.method ?? 'GET'} ${url} → ${res.status}`);
      const name = res.headers.get(INSTANCE_HEADER) ?? '?';
      // Only restores begun after the kill: before it, any instance (the one later killed too) serves them.
      if (url.includes('/suspended-runs') && role.restoring && role.afterKill)
        conversation.restoredThrough.push(name);
      if (res.ok && (resuming || url.endsWith('/stream'))) conversation.askedBy = name;
      if (res.ok && resuming) {
        conversation.acceptedAt = performance.now();
        conversation.acceptedBy = name;
      }
      if (observing) conversation.observedBy = name;
      const cutting = res.ok && resuming && conversation.index % CUT_EVERY === 1 && !conversation.cutOnce;
      if (!cutting) return res;
      conversation.cutOnce = true;
      // Within the first 2.5 KB: before the end of the shortest reply (the next question, ~4 KB).
      return cutAfter(res, 500 + ((conversation.index * 977) % 2_000), () => {
        conversation.cuts += 1;
        conversation.cutBy = name;
      });
    } finally {
      if (target) target.inFlight -= 1;
    }
  };
}

/** `res` whose body breaks off after `bytes`, as a dropped connection does (the request is then closed). */
function cutAfter(res: Response, bytes: number, cut: () => void): Response {
  const reader = res.body!.getReader();
  let passed = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      if (passed + value.length < bytes) {
        passed += value.length;
        return controller.enqueue(value);
      }
      controller.enqueue(value.slice(0, bytes - passed));
      cut();
      await reader.cancel();
      controller.error(new TypeError('network error: the connection was cut'));
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

function newStore(conversation: Conversation, role: FetchRole): RunStore {
  const transport = createFetchTransport({
    baseUrl: balancer,
    agentId: AGENT,
    idleTimeout: IDLE_TIMEOUT_MS,
    fetch: conversationFetch(conversation, role),
    reconnect,
  });
  const store = createRunStore({
    transport,
    threadId: conversation.threadId,
    resourceId: conversation.resourceId,
    reconnect,
  });
  let status = store.getSnapshot().status;
  store.subscribe(() => {
    const next = store.getSnapshot().status;
    if (next === status) return;
    if (next === 'reconnecting') {
      conversation.reconnects += 1;
      conversation.observedBy = undefined;
    } else if (status === 'reconnecting' && next !== 'error') {
      conversation.reconnected += 1;
      const across =
        conversation.cutBy && conversation.observedBy && conversation.observedBy !== conversation.cutBy;
      if (across) conversation.readOnAcross += 1;
      conversation.cutBy = undefined;
    }
    status = next;
  });
  return store;
}

function answerFor(prompt: Prompt, conversation: Conversation): AnswerValue {
  if (prompt.kind === 'single') return prompt.options[conversation.index % prompt.options.length]!.label;
  if (prompt.kind === 'multiple') return [prompt.options[0]!.label];
  return `City ${conversation.index}`;
}

function openPrompt(store: RunStore) {
  const snapshot = store.getSnapshot();
  for (const prompt of snapshot.openPrompts) {
    if (prompt.kind === 'malformed') continue;
    const entry = snapshot.transcript.find((e) => e.type === 'prompt' && e.id === prompt.key);
    const state = entry?.type === 'prompt' ? entry.state : undefined;
    if (state === 'ready' || state === 'failed') return { prompt, state };
  }
  return undefined;
}

/**
 * Waits for a store operation, at most OPERATION_TIMEOUT_MS: one that never settles (no request in
 * flight, yet its promise pending) is cancelled and counted, and the conversation is reloaded.
 */
async function bounded(conversation: Conversation, operation: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'hung'>(
    (resolve) => (timer = setTimeout(() => resolve('hung'), OPERATION_TIMEOUT_MS)),
  );
  try {
    const outcome = await Promise.race([operation, timedOut]);
    if (outcome !== 'hung') return;
    conversation.hung += 1;
    const snapshot = conversation.store.getSnapshot();
    const states = snapshot.transcript.flatMap((e) => (e.type === 'prompt' ? [e.state] : []));
    hangs.push(
      `status ${snapshot.status}, prompts ${states.join('/')}, error ${snapshot.error?.code ?? 'none'}`,
    );
    conversation.store.cancel();
    conversation.store = newStore(conversation, { restoring: true });
  } finally {
    clearTimeout(timer);
  }
}

const refusalCode = (error: unknown) => (error instanceof RequestError ? error.code : undefined);

/** Two clients (this conversation's store and a second one restored from the list) answer at once. */
async function race(conversation: Conversation, prompt: Prompt): Promise<void> {
  const role = { restoring: false };
  const rival = newStore(conversation, role);
  const { runs } = await listSuspendedRuns(
    createFetchTransport({ baseUrl: balancer, agentId: AGENT }),
    conversation,
  );
  rival.restore(runs);
  const answer = answerFor(prompt, conversation);
  const outcomes = await Promise.allSettled([
    conversation.store.submit(prompt.key, answer),
    rival.submit(prompt.key, answer),
  ]);
  const result: Race = { accepted: 0, answeredElsewhere: 0, other: [] };
  const stores = [conversation.store, rival];
  let winner: RunStore | undefined;
  outcomes.forEach((outcome, index) => {
    const code = outcome.status === 'rejected' ? refusalCode(outcome.reason) : undefined;
    if (outcome.status === 'fulfilled') {
      result.accepted += 1;
      winner = stores[index];
    } else if (code === 'answered-elsewhere') result.answeredElsewhere += 1;
    else result.other.push(String(code ?? outcome.reason));
  });
  races.push(result);
  if (winner) conversation.store = winner;
}

/** After a failure: list the conversation's suspended runs through another instance and restore them. */
async function restore(conversation: Conversation, fresh: boolean): Promise<void> {
  const afterKill = killed !== undefined;
  if (afterKill) conversation.broke = true;
  else conversation.restoresBeforeKill += 1;
  const role = { restoring: true, afterKill };
  if (fresh) {
    // What a page reload does: a new store, the open prompts from the server.
    conversation.reloads += 1;
    conversation.store = newStore(conversation, role);
  }
  const transport = createFetchTransport({
    baseUrl: balancer,
    agentId: AGENT,
    fetch: conversationFetch(conversation, role),
  });
  const { runs } = await listSuspendedRuns(transport, conversation);
  conversation.store.restore(runs);
  conversation.reloadFoundNothing = fresh && runs.length === 0;
}

async function converse(conversation: Conversation): Promise<void> {
  let opened = performance.now();
  let answered = 0;
  let stuck = 0;
  let failures = 0;
  await bounded(conversation, conversation.store.send('Plan a trip for me'));
  for (let step = 0; step < MAX_STEPS && timeLeft() > 0; step++) {
    const snapshot = conversation.store.getSnapshot();
    conversation.runId = snapshot.runId ?? conversation.runId;
    if (snapshot.status === 'done') {
      conversation.done = true;
      return;
    }
    const open = openPrompt(conversation.store);
    // The kit says the run ended on the server and its reply was lost (the instance that ran it
    // was killed before the reply got out); or a reload found nothing of a conversation that had
    // started. What the user is told to do: send the message again.
    const reloadedEmpty = conversation.reloadFoundNothing && snapshot.transcript.length === 0;
    if (!open && (snapshot.error?.message === REPLY_LOST_MESSAGE || reloadedEmpty)) {
      conversation.reloadFoundNothing = false;
      const rows = await storedRows(conversation.runId);
      lostReplyRows.set(rows, (lostReplyRows.get(rows) ?? 0) + 1);
      conversation.lostReplies += 1;
      answered = 0;
      stuck = 0;
      await sleep(RETRY_PAUSE_MS * Math.min(conversation.lostReplies, 20));
      await bounded(conversation, conversation.store.send('Plan a trip for me'));
      continue;
    }
    if (!open) {
      stuck += 1;
      if (snapshot.error?.code === 'timeout') conversation.timeouts += 1;
      if (answered === 0 && snapshot.status === 'error' && !snapshot.toolCalls.length) {
        // The first message died with its instance before the run was stored: send it again.
        conversation.resent += 1;
        // Backed off: on an overloaded machine, sending again at once only adds runs to the load.
        await sleep(RETRY_PAUSE_MS * Math.min(conversation.resent, 20));
        await bounded(conversation, conversation.store.send('Plan a trip for me'));
        continue;
      }
      await sleep(stuck > 1 ? RETRY_PAUSE_MS * stuck : 0);
      try {
        await restore(conversation, stuck > 2);
      } catch (error) {
        // The list could not be had (a 503 while the balancer had no instance up): try again.
        errors.push(`conversation ${conversation.index}: restore: ${String(error)}`);
      }
      continue;
    }
    stuck = 0;
    if (open.state === 'ready') opened = performance.now();
    const askedBy = conversation.askedBy ?? '?';
    conversation.acceptedAt = 0;
    const racing =
      raceEvery > 0 && conversation.index % raceEvery === 0 && answered === 1 && open.state === 'ready';
    try {
      const { store } = conversation;
      if (racing) await bounded(conversation, race(conversation, open.prompt));
      else if (open.state === 'failed') await bounded(conversation, store.retry(open.prompt.key));
      else await bounded(conversation, store.submit(open.prompt.key, answerFor(open.prompt, conversation)));
    } catch (error) {
      const code = refusalCode(error);
      // A claim left by the killed instance: wait for its take-over bound, then reload and answer.
      if (code === 'answered-elsewhere') await sleep(takeOverMs);
      else if (code !== 'expired') {
        conversation.error = String(code ?? error);
        failures += 1;
        // The balancer had no instance up (503 while both were too busy for their health checks),
        // or the list failed: back off before the next step rather than spend the steps at once.
        await sleep(RETRY_PAUSE_MS * Math.min(failures, 20));
      }
    }
    if (conversation.acceptedAt) {
      answered += 1;
      acceptedAnswers += 1;
      conversation.answers.push({
        askedBy,
        answeredBy: conversation.acceptedBy,
        latencyMs: conversation.acceptedAt - opened,
      });
      maybeKill();
    }
  }
  conversation.error ??= `not done after ${MAX_STEPS} steps: ${conversation.store.getSnapshot().status}`;
}

/**
 * What storage holds for a run: its workflow snapshot rows as `name: status`, or `no row` (Mastra
 * deletes a run's rows when it ends, in the process that ran it; it never stores `running`).
 */
async function storedRows(runId: string | undefined): Promise<string> {
  if (!runId) return 'no run id seen';
  const { rows } = await db.query<{ workflow_name: string; status: string }>(
    `SELECT workflow_name, snapshot->>'status' AS status FROM mastra_workflow_snapshot WHERE run_id = $1 ORDER BY workflow_name`,
    [runId],
  );
  if (!rows.length) return 'no row';
  return rows.map((row) => `${row.workflow_name}: ${row.status}`).join(', ');
}

/** Kills (SIGKILL) an instance that is serving answers right now, once, a third of the way in. */
function maybeKill() {
  if (killTriggered || acceptedAnswers < (conversationCount * QUESTIONS) / 3) return;
  const busy = instances.filter((instance) => instance.up && instance.inFlight > 0);
  const victim = busy.sort((a, b) => b.inFlight - a.inFlight)[0];
  if (!victim) return;
  killTriggered = true;
  killed = victim;
  killedAt = performance.now();
  console.error(`::: scale: SIGKILL ${victim.name} with ${victim.inFlight} answers in flight`);
  victim.up = false;
  victim.child!.kill('SIGKILL');
  setTimeout(() => {
    const restarting = performance.now();
    startInstance(victim).then(
      () =>
        progress(`${victim.name} back up after ${((performance.now() - restarting) / 1000).toFixed(1)} s`),
      (error: unknown) => {
        progress(`restart of ${victim.name} failed: ${String(error).slice(0, 2000)}`);
        errors.push(`restart of ${victim.name}: ${String(error)}`);
      },
    );
  }, RESTART_AFTER_MS);
}

// ——— Suspended runs in storage ———

const db = new pg.Pool({ connectionString: postgresUrl, max: 4 });

/**
 * Writes `count` suspended runs straight into Mastra's workflow snapshot table, as copies of one
 * real suspended run (asked by the server) with new run ids; `busy` of them belong to one resource,
 * the others to 1,000 resources. One INSERT … SELECT: Mastra 1.71's PostgreSQL schema keeps a run
 * as one row (snapshot jsonb, resourceId column), which listSuspendedRuns reads as is.
 */
async function insertSuspendedRuns(count: number, busy: number): Promise<string> {
  const res = await fetch(`${balancer}/api/agents/${AGENT}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'template' }],
      memory: { thread: 'template-thread', resource: 'template' },
    }),
  });
  const text = await res.text();
  const runId = /"runId":"([^"]+)"/.exec(text)?.[1];
  if (!runId) throw new Error(`no run for the template: ${res.status} ${text.slice(0, 200)}`);
  await db.query(
    `INSERT INTO mastra_workflow_snapshot
     SELECT (jsonb_populate_record(NULL::mastra_workflow_snapshot, to_jsonb(t) || jsonb_build_object(
       'run_id', ids.id,
       'resourceId', CASE WHEN ids.g <= $3 THEN 'busy-user' ELSE 'user-' || (ids.g % 1000) END,
       'snapshot', replace(t.snapshot::text, $1, ids.id)::jsonb))).*
     FROM mastra_workflow_snapshot t, (SELECT gen_random_uuid()::text AS id, g FROM generate_series(1, $2) g) ids
     WHERE t.workflow_name = 'agentic-loop' AND t.run_id = $1`,
    [runId, count, busy],
  );
  return runId;
}

async function timeListing(query: string): Promise<{ p50: number; max: number; runs: number }> {
  const times: number[] = [];
  let runs = 0;
  for (let round = 0; round < LISTING_ROUNDS; round++) {
    const started = performance.now();
    const res = await fetch(`${balancer}/api/agents/${AGENT}/suspended-runs?${query}`);
    const body = (await res.json()) as { runs?: unknown[] };
    if (!res.ok) throw new Error(`suspended-runs?${query}: ${res.status}`);
    times.push(performance.now() - started);
    runs = body.runs?.length ?? 0;
  }
  return { p50: percentile(times, 50), max: Math.max(...times), runs };
}

// ——— Report ———

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  const started = Date.now();
  await Promise.all(instances.map(startInstance));
  progress(`${instances.length} instances ready`);
  await waitForBalancer();
  progress('the balancer reaches every instance');

  const conversations: Conversation[] = Array.from({ length: conversationCount }, (_, index) => {
    const conversation = {
      index,
      threadId: `thread-${index}`,
      resourceId: `user-${index}`,
      askedBy: undefined,
      answers: [],
      acceptedAt: 0,
      acceptedBy: '',
      broke: false,
      restoredThrough: [],
      restoresBeforeKill: 0,
      reloads: 0,
      resent: 0,
      runId: undefined,
      lostReplies: 0,
      reconnects: 0,
      reconnected: 0,
      cutBy: undefined,
      observedBy: undefined,
      readOnAcross: 0,
      cuts: 0,
      cutOnce: false,
      reloadFoundNothing: false,
      timeouts: 0,
      hung: 0,
      done: false,
    } as unknown as Conversation;
    conversation.store = newStore(conversation, { restoring: false });
    return conversation;
  });

  const driveStarted = performance.now();
  const ticker = setInterval(() => {
    const done = conversations.filter((c) => c.done).length;
    const up = instances.map((i) => `${i.name} ${i.up ? 'up' : 'down'} (${i.inFlight} in flight)`);
    progress(`${done} / ${conversationCount} done, ${acceptedAnswers} answers accepted; ${up.join(', ')}`);
  }, PROGRESS_EVERY_MS);
  const driving = Promise.all(
    conversations.map((conversation) =>
      converse(conversation).catch((error: unknown) => {
        conversation.error = String(error);
      }),
    ),
  );
  // The report is written whatever happens: at the deadline, conversations still going count as lost.
  let deadlineTimer: NodeJS.Timeout | undefined;
  const deadlinePassed = new Promise<'deadline'>(
    (resolve) => (deadlineTimer = setTimeout(() => resolve('deadline'), Math.max(0, timeLeft()) + 5_000)),
  );
  if ((await Promise.race([driving, deadlinePassed])) === 'deadline')
    errors.push(`the drive was stopped at its deadline (--timeout-s ${args['timeout-s']})`);
  clearTimeout(deadlineTimer);
  clearInterval(ticker);
  const driveSeconds = (performance.now() - driveStarted) / 1000;

  const lost = conversations.filter((c) => !c.done);
  const latencies = conversations.flatMap((c) => c.answers.map((a) => a.latencyMs));
  const sameInstance = conversations.flatMap((c) => c.answers).filter((a) => a.askedBy === a.answeredBy);
  const broken = conversations.filter((c) => c.broke);
  // Conversations that needed a restore after the kill. One whose restore the driver's own bound
  // cancelled records no instance; it counts when it still ended, no restore of it went through
  // the killed instance, and at least one conversation was restored through another.
  const restoredElsewhere = broken.filter(
    (c) =>
      (c.restoredThrough.length > 0 || c.done) && c.restoredThrough.every((name) => name !== killed?.name),
  );
  const restoredAny = restoredElsewhere.some((c) => c.restoredThrough.length > 0);
  // Exactly once fails when two clients were accepted. A race the kill (or this driver's own
  // bound) broke into, where a client got no answer from the server, may end with none accepted:
  // the conversation then goes on through a restore, and lost = 0 checks that it ends.
  const disturbed = (r: Race) => r.other.some((code) => DISTURBED.has(code));
  const cancelledRaces = races.filter((r) => r.accepted === 0 && disturbed(r));
  const cleanRaces = races.filter((r) => r.accepted === 1 && r.answeredElsewhere === 1);
  const badRaces = races.filter((r) => r.accepted > 1 || (!disturbed(r) && !cleanRaces.includes(r)));
  for (const c of lost) {
    errors.push(`conversation ${c.index}: ${c.error ?? 'not done'}`);
    lostConversationRows.push(`conversation ${c.index}, run ${c.runId ?? '?'}: ${await storedRows(c.runId)}`);
  }

  // Conversations left waiting (some answered once), then the index against Mastra's storage.
  const parked = Math.min(20, Math.max(6, Math.round(conversationCount / 10)));
  let inbox = { ok: false, message: 'not run: the drive ran out of time' };
  if (timeLeft() > 0) {
    progress(`inbox: ${parked} conversations left waiting, then the index against Mastra`);
    inbox = await parkConversations(balancer, parked).then(
      () => checkInboxAgreement(db, balancer, INBOX_AGREE_WITHIN_MS),
      (error: unknown) => ({ ok: false, message: `could not leave conversations waiting: ${String(error)}` }),
    );
  }

  let listing: { label: string; query: string; result: { p50: number; max: number; runs: number } }[] = [];
  if (suspendedCount > 0 && timeLeft() > 0) {
    const busy = Math.round(suspendedCount / 10);
    await insertSuspendedRuns(suspendedCount, busy);
    const queries = [
      { label: 'one resource (~10 runs), perPage=20&page=0', query: 'resourceId=user-7&perPage=20&page=0' },
      {
        label: `busy resource (${busy} runs), perPage=20&page=0`,
        query: 'resourceId=busy-user&perPage=20&page=0',
      },
      {
        label: `busy resource (${busy} runs), perPage=20&page=10`,
        query: 'resourceId=busy-user&perPage=20&page=10',
      },
    ];
    listing = [];
    for (const { label, query } of queries) listing.push({ label, query, result: await timeListing(query) });
  }

  const lostReplies = conversations.reduce((sum, c) => sum + c.lostReplies, 0);
  const cuts = conversations.reduce((sum, c) => sum + c.cuts, 0);
  const readOnAcross = conversations.reduce((sum, c) => sum + c.readOnAcross, 0);
  const checks = [
    { name: 'lost = 0', ok: lost.length === 0, message: `${lost.length} of ${conversationCount} lost` },
    {
      name: 'replies lost = 0',
      ok: lostReplies === 0,
      message: `${lostReplies} replies lost after their run ended (the kit said so; the message was sent again)`,
    },
    {
      name: 'a reply cut on one instance is read on through another',
      ok: cuts > 0 && readOnAcross > 0,
      message: `${cuts} replies cut mid-stream, ${readOnAcross} read on to their end through another instance`,
    },
    {
      name: 'every answer through another instance than the one that asked',
      ok: sameInstance.length === 0 && latencies.length >= conversationCount * QUESTIONS,
      message: `${latencies.length} answers accepted, ${sameInstance.length} through the asking instance`,
    },
    {
      name: 'exactly once: one of two racing clients accepted',
      ok: cleanRaces.length > 0 && badRaces.length === 0,
      message:
        `${races.length} races: ${cleanRaces.length} one accepted and one 409, ${cancelledRaces.length} broken ` +
        `into by the kill, ${badRaces.length} wrong ${JSON.stringify(badRaces.slice(0, 3))}`,
    },
    {
      name: 'kill: open prompts restored through another instance',
      ok: killed !== undefined && restoredAny && restoredElsewhere.length === broken.length,
      message: `${killed?.name ?? 'nothing'} killed; ${broken.length} conversations broke, ${restoredElsewhere.length} restored through another instance`,
    },
    {
      name: 'inbox: every waiting run listed exactly once, nothing answered listed',
      ok: inbox.ok,
      message: inbox.message,
    },
  ];

  const reloads = conversations.reduce((sum, c) => sum + c.reloads, 0);
  const restoresBeforeKill = conversations.reduce((sum, c) => sum + c.restoresBeforeKill, 0);
  const resent = conversations.reduce((sum, c) => sum + c.resent, 0);
  const timeouts = conversations.reduce((sum, c) => sum + c.timeouts, 0);
  const hung = conversations.reduce((sum, c) => sum + c.hung, 0);
  const reconnects = conversations.reduce((sum, c) => sum + c.reconnects, 0);
  const reconnected = conversations.reduce((sum, c) => sum + c.reconnected, 0);
  const rowsSeen = [...lostReplyRows].map(([rows, count]) => `${rows} (${count})`).join('; ') || '–';
  const lines = [
    `## Scale run: ${instances.length} instances, ${conversationCount} conversations`,
    '',
    `PostgreSQL + HAProxy (round robin, no stickiness) on 127.0.0.1; ${ports.length} × apps/server; ` +
      `client: @ask-user-kit/core (createFetchTransport + createRunStore) in one Node process.`,
    '',
    '| | |',
    '|---|---|',
    `| conversations done | ${conversationCount - lost.length} / ${conversationCount} |`,
    `| **lost** | **${lost.length}** |`,
    `| answers accepted | ${latencies.length} (each through another instance than the one that asked: ${sameInstance.length === 0 ? 'yes' : `no, ${sameInstance.length} not`}) |`,
    `| ask→answer-accepted p50 / p95 / max | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(Math.max(0, ...latencies))} |`,
    `| conversations/s | ${(conversationCount / driveSeconds).toFixed(1)} (${driveSeconds.toFixed(1)} s for all) |`,
    `| races (two clients, one question) | ${races.length}, one accepted and one answered-elsewhere in ${cleanRaces.length}, none accepted because the kill broke in (network, expired) in ${cancelledRaces.length}, two accepted in ${races.filter((r) => r.accepted > 1).length} |`,
    `| kill | ${killed ? `${killed.name} SIGKILLed at ${((killedAt - driveStarted) / 1000).toFixed(1)} s, restarted ${RESTART_AFTER_MS} ms later` : 'none'} |`,
    `| conversations that broke / restored through another instance | ${broken.length} / ${restoredElsewhere.length} (restores needed before the kill: ${restoresBeforeKill}; reloads after a stale claim: ${reloads}, first message re-sent: ${resent}, streams silent for ${IDLE_TIMEOUT_MS / 1000} s and abandoned: ${timeouts}) |`,
    `| reconnects (a reply broke off; the store re-attached to its run with observe) / replies read on to their end | ${reconnects} / ${reconnected} |`,
    `| replies cut mid-stream by this driver / read on to their end through another instance | ${cuts} / ${readOnAcross} |`,
    `| **replies lost** after their run ended (the kit said so; the message was sent again) | **${lostReplies}**; the run in storage then: ${rowsSeen} |`,
    `| store operations that never settled (cancelled after ${OPERATION_TIMEOUT_MS / 1000} s, conversation reloaded) | ${hung} |`,
    `| errors (restores that failed and were tried again, lost conversations) | ${errors.length} |`,
    '',
  ];
  if (listing.length) {
    lines.push(
      `Suspended-runs listing with ${suspendedCount.toLocaleString('en')} suspended runs in storage (through the balancer, ${LISTING_ROUNDS} rounds):`,
      '',
      '| query | runs returned | p50 | max |',
      '|---|---|---|---|',
      ...listing.map(
        ({ label, result }) => `| ${label} | ${result.runs} | ${ms(result.p50)} | ${ms(result.max)} |`,
      ),
      '',
    );
  }
  lines.push(
    '| check | result |',
    '|---|---|',
    ...checks.map((c) => `| ${c.name} | ${c.ok ? 'ok' : 'FAILED'}: ${c.message} |`),
  );
  if (hangs.length)
    lines.push(
      '',
      'Store state when an operation was cancelled (first 5):',
      '',
      ...hangs.slice(0, 5).map((h) => `- ${h}`),
    );
  if (lostConversationRows.length)
    lines.push('', 'Storage for the lost conversations:', '', ...lostConversationRows.map((r) => `- ${r}`));
  if (errors.length) lines.push('', 'Errors (first 10):', '', ...errors.slice(0, 10).map((e) => `- ${e}`));
  lines.push('', `Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  console.log(lines.join('\n'));

  if (args.json) {
    mkdirSync(path.dirname(args.json), { recursive: true });
    if (args['claim-tests']) {
      const ok = args['claim-tests'] === 'passed';
      checks.unshift({
        name: 'postgresClaimStore and postgresPubSub tests on this PostgreSQL',
        ok,
        message: `vitest packages/server/src/postgresClaimStore.test.ts postgresPubSub.test.ts ${args['claim-tests']}`,
      });
    }
    const report = {
      checks: checks.map((c) => ({
        name: `scale: ${c.name}`,
        status: c.ok ? 'passed' : 'failed',
        message: c.message,
      })),
      figures: {
        reconnects,
        repliesReadOn: reconnected,
        repliesCut: cuts,
        readOnAcross,
        repliesLost: lostReplies,
      },
    };
    writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  return checks.every((c) => c.ok) ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`drive: ${(error as Error).stack ?? String(error)}`);
} finally {
  stopAll();
  await db.end().catch(() => {});
}
process.exit(exitCode);
