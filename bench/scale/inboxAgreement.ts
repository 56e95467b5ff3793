// The scale run's inbox check: at the end, the inbox index (GET /inbox through the balancer) and
// Mastra's storage agree: every run Mastra holds as suspended is listed exactly once, and nothing
// answered or ended is still listed. Mastra is read straight from its PostgreSQL tables.
import type pg from 'pg';

const AGENT = 'planner';
const AGENT_LOOP_WORKFLOWS = ['agentic-loop', 'durable-agentic-loop'];
// The route takes up to 50 resources and 200 items a page.
const RESOURCES_PER_PAGE = 50;
const PAGE_SIZE = 200;
const MAX_PAGES = 1_000;
const POLL_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Asked {
  runId: string;
  toolCallId: string;
}

// A durable agent's stream stays open across a question unless the body says closeOnSuspend, as the
// kit's fetch transport does (a plain agent ignores it).
async function postJson(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

function suspendedIn(text: string): Asked {
  for (const frame of text.split('\n\n')) {
    if (!frame.startsWith('data: {')) continue;
    const chunk = JSON.parse(frame.slice('data: '.length)) as {
      type?: string;
      runId?: string;
      payload?: { toolCallId?: string };
    };
    if (chunk.type === 'tool-call-suspended' && chunk.runId && chunk.payload?.toolCallId)
      return { runId: chunk.runId, toolCallId: chunk.payload.toolCallId };
  }
  throw new Error(`no question in the stream: ${text.slice(0, 200)}`);
}

/**
 * Waits until Mastra lists the run as suspended: a durable agent's stream ends at the question
 * (closeOnSuspend) a moment before the run's suspension is stored, and a resume sent in between is
 * refused ("This workflow run was not suspended").
 */
async function untilListedSuspended(balancer: string, resource: string, runId: string): Promise<void> {
  const url = `${balancer}/api/agents/${AGENT}/suspended-runs?resourceId=${encodeURIComponent(resource)}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(url);
    if (res.ok && (await res.text()).includes(runId)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`run ${runId} was never listed as suspended`);
}

/**
 * Leaves `count` conversations waiting, through the balancer: each asks its first question, and
 * every other one is answered once and waits on its second (an answered question must leave the list).
 * Resources `parked-0` … `parked-4`, so that a resource holds several items.
 */
export async function parkConversations(balancer: string, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const memory = { thread: `parked-thread-${index}`, resource: `parked-${index % 5}` };
      const asked = suspendedIn(
        await postJson(`${balancer}/api/agents/${AGENT}/stream`, {
          messages: [{ role: 'user', content: 'Plan a trip for me' }],
          memory,
          closeOnSuspend: true,
        }),
      );
      if (index % 2 === 1) {
        await untilListedSuspended(balancer, memory.resource, asked.runId);
        suspendedIn(
          await postJson(`${balancer}/api/agents/${AGENT}/resume-stream`, {
            ...asked,
            resumeData: 'Lisbon',
            closeOnSuspend: true,
          }),
        );
      }
    }),
  );
}

interface Comparison {
  waiting: number;
  listed: number;
  missing: string[];
  twice: string[];
  stale: string[];
}

const agree = (c: Comparison) => c.missing.length + c.twice.length + c.stale.length === 0;

async function listed(balancer: string, resources: string[]): Promise<string[]> {
  const runIds: string[] = [];
  for (let start = 0; start < resources.length; start += RESOURCES_PER_PAGE) {
    const query = resources
      .slice(start, start + RESOURCES_PER_PAGE)
      .map((resource) => `resource=${encodeURIComponent(resource)}`)
      .join('&');
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = `${balancer}/inbox?${query}&limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await fetch(url);
      if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { items: { runId: string }[]; nextCursor?: string };
      runIds.push(...body.items.map((item) => item.runId));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
  }
  return runIds;
}

async function compare(db: pg.Pool, balancer: string): Promise<Comparison> {
  const { rows: suspended } = await db.query<{ run_id: string; resource: string | null }>(
    `SELECT run_id, "resourceId" AS resource FROM mastra_workflow_snapshot
     WHERE workflow_name = ANY($1) AND snapshot->>'status' = 'suspended'`,
    [AGENT_LOOP_WORKFLOWS],
  );
  const { rows: indexed } = await db.query<{ resource: string }>(
    `SELECT DISTINCT resource FROM ask_user_kit_waiting WHERE resource IS NOT NULL`,
  );
  const resources = [
    ...new Set([
      ...suspended.flatMap((row) => (row.resource ? [row.resource] : [])),
      ...indexed.map((r) => r.resource),
    ]),
  ];
  const counts = new Map<string, number>();
  const items = await listed(balancer, resources);
  for (const runId of items) counts.set(runId, (counts.get(runId) ?? 0) + 1);
  const waiting = new Set(suspended.map((row) => row.run_id));
  return {
    waiting: waiting.size,
    listed: items.length,
    missing: [...waiting].filter((runId) => !counts.has(runId)),
    twice: [...counts].filter(([, count]) => count > 1).map(([runId]) => runId),
    stale: [...counts.keys()].filter((runId) => !waiting.has(runId)),
  };
}

const described = (c: Comparison) =>
  `${c.waiting} runs suspended in Mastra, ${c.listed} items listed; ` +
  `not listed ${c.missing.length}, listed twice ${c.twice.length}, listed but not waiting ${c.stale.length}`;

/**
 * Compares the inbox with Mastra until they agree or `withinMs` has passed (the index is
 * reconciled with Mastra on a schedule): ok when they agree; the message says both looks.
 */
export async function checkInboxAgreement(
  db: pg.Pool,
  balancer: string,
  withinMs: number,
): Promise<{ ok: boolean; message: string }> {
  const started = performance.now();
  const first = await compare(db, balancer);
  let last = first;
  while (!agree(last) && performance.now() - started < withinMs) {
    await sleep(POLL_MS);
    last = await compare(db, balancer);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (agree(first)) return { ok: true, message: `agree at once: ${described(first)}` };
  const firstLook = `first look: ${described(first)} (e.g. ${[...first.missing, ...first.twice, ...first.stale].slice(0, 3).join(', ')})`;
  if (agree(last)) return { ok: true, message: `agree after ${seconds} s; ${firstLook}` };
  return { ok: false, message: `still disagree after ${seconds} s: ${described(last)}; ${firstLook}` };
}
