import type { ClaimDialect } from './createClaimStore.ts';

/** The inbox's table, beside the claims: one row per call a run waits on. */
export const WAITING_TABLE = 'ask_user_kit_waiting';
/** The threads cleared on the server (deleted through Mastra's memory route), and when. */
export const CLEARED_TABLE = 'ask_user_kit_cleared_threads';

/** What a run waits on, as the inbox lists it. */
export interface WaitingItem {
  /** The resource (user) the run belongs to; an item without one is never listed. */
  resource: string | undefined;
  thread: string | undefined;
  /** The thread's title in Mastra's memory, when it has one. */
  threadTitle: string | undefined;
  agent: string;
  runId: string;
  toolCallId: string;
  toolName: string | undefined;
  /** `prompt` (an ask_user question), `approval` (`requireApproval`) or `form` (any other `suspend`). */
  kind: 'prompt' | 'approval' | 'form';
  /** The question, or what is to be approved or filled in, cut to a few words. */
  excerpt: string;
  /** The call as Mastra's suspended-runs list gives it, to answer it with the kit's components. */
  call: Record<string, unknown>;
  /** When the run suspended on it, an ISO time. */
  createdAt: string;
  /** When it stops taking answers, an ISO time; `undefined` for never. */
  expiresAt: string | undefined;
}

/** Which items a page holds: a resource's (or a team's), newest first, after a cursor. */
export interface WaitingQuery {
  resources: readonly string[];
  agent?: string;
  kind?: string;
  /** The last item of the previous page: the page starts after it. */
  after?: { createdAt: string; runId: string; toolCallId: string };
  limit: number;
}

const COLUMNS = [
  'resource',
  'thread',
  'thread_title',
  'agent',
  'run_id',
  'tool_call_id',
  'tool_name',
  'kind',
  'excerpt',
  'payload',
  'created_at',
  'expires_at',
  'indexed_at',
] as const;

const createTable = () => `CREATE TABLE IF NOT EXISTS ${WAITING_TABLE} (
  resource TEXT,
  thread TEXT,
  thread_title TEXT,
  agent TEXT NOT NULL,
  run_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  tool_name TEXT,
  kind TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  indexed_at TEXT NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
)`;
// A page is one range of this index, read newest first: its cost is the page, not the backlog.
const createPageIndex = () => `CREATE INDEX IF NOT EXISTS ${WAITING_TABLE}_by_resource
  ON ${WAITING_TABLE} (resource, created_at DESC, run_id DESC, tool_call_id DESC)`;

const createClearedTable = () => `CREATE TABLE IF NOT EXISTS ${CLEARED_TABLE} (
  thread TEXT PRIMARY KEY,
  cleared_at TEXT NOT NULL
)`;

// Mastra keeps a cleared thread's runs suspended: what it asked before it was cleared is not listed again.
const insertSql = (p: ClaimDialect['param']) =>
  `INSERT INTO ${WAITING_TABLE} (${COLUMNS.join(', ')})
  SELECT ${COLUMNS.map((_, index) => p(index + 1)).join(', ')}
  WHERE NOT EXISTS (SELECT 1 FROM ${CLEARED_TABLE}
    WHERE thread = ${p(COLUMNS.indexOf('thread') + 1)} AND cleared_at >= ${p(COLUMNS.indexOf('created_at') + 1)})
  ON CONFLICT (run_id, tool_call_id) DO NOTHING`;

const ORDER = 'ORDER BY created_at DESC, run_id DESC, tool_call_id DESC';

/**
 * One range of the page index per resource (a resource list is short: one user, or an operator's
 * team): several resources are read as one page each, newest first, and merged, so that an
 * operator's page costs the team's pages, not the team's backlog.
 */
function pageSql(p: ClaimDialect['param'], query: WaitingQuery): { sql: string; args: unknown[] } {
  const args: unknown[] = [new Date().toISOString()];
  const where = [`(expires_at IS NULL OR expires_at > ${p(1)})`];
  if (query.agent !== undefined) {
    args.push(query.agent);
    where.push(`agent = ${p(args.length)}`);
  }
  if (query.kind !== undefined) {
    args.push(query.kind);
    where.push(`kind = ${p(args.length)}`);
  }
  if (query.after) {
    args.push(query.after.createdAt, query.after.runId, query.after.toolCallId);
    const [at, run, call] = [p(args.length - 2), p(args.length - 1), p(args.length)];
    where.push(`(created_at, run_id, tool_call_id) < (${at}, ${run}, ${call})`);
  }
  args.push(query.limit);
  const limit = `LIMIT ${p(args.length)}`;
  const ranges = query.resources.map((resource) => {
    args.push(resource);
    return `SELECT ${COLUMNS.join(', ')} FROM ${WAITING_TABLE}
      WHERE resource = ${p(args.length)} AND ${where.join(' AND ')} ${ORDER} ${limit}`;
  });
  if (ranges.length === 1) return { sql: ranges[0]!, args };
  const merged = ranges
    .map((range, index) => `SELECT * FROM (${range}) AS range${index}`)
    .join(' UNION ALL ');
  return { sql: `SELECT * FROM (${merged}) AS merged ${ORDER} ${limit}`, args };
}

/** The table's statements over one database (the claim store's connection). */
export interface WaitingTable {
  init(): Promise<void>;
  /** Makes the table hold exactly `items` for `runId` (none: the run waits on nothing). */
  replaceRun(runId: string, items: readonly WaitingItem[]): Promise<void>;
  /** Forgets one call: it was answered. */
  remove(runId: string, toolCallId: string): Promise<void>;
  /** Forgets what a thread's runs asked until now, and keeps it from being added again: the thread was cleared. */
  clearThread(thread: string): Promise<void>;
  /** Adds the items not in the table yet. */
  add(items: readonly WaitingItem[]): Promise<void>;
  /** The keys of every row indexed before `before` (an ISO time), to find those Mastra no longer has. */
  keysIndexedBefore(before: string): Promise<{ runId: string; toolCallId: string }[]>;
  /** Forgets every item whose `expiresAt` has passed; resolves to how many. */
  removeExpired(): Promise<number>;
  page(query: WaitingQuery): Promise<WaitingItem[]>;
  /** How many items the resources wait on, counted up to `limit`. */
  count(resources: readonly string[], limit: number): Promise<number>;
}

export function createWaitingTable(dialect: ClaimDialect, ready: () => Promise<void>): WaitingTable {
  const p = dialect.param;
  let created: Promise<void> | undefined;
  function init(): Promise<void> {
    created ??= (async () => {
      await ready();
      for (const statement of [createTable(), createPageIndex(), createClearedTable()]) {
        try {
          await dialect.execute(statement);
        } catch (error) {
          if (!dialect.createdConcurrently?.(error)) throw error;
        }
      }
    })().catch((error: unknown) => {
      created = undefined;
      throw error;
    });
    return created;
  }
  const insert = insertSql(p);
  const add = async (items: readonly WaitingItem[]) => {
    const indexedAt = new Date().toISOString();
    for (const item of items) await dialect.execute(insert, rowOf(item, indexedAt));
  };
  return {
    init,
    async replaceRun(runId, items) {
      await init();
      const keep = items.map((item) => item.toolCallId);
      const stale = keep.length
        ? ` AND tool_call_id NOT IN (${keep.map((_, index) => p(index + 2)).join(', ')})`
        : '';
      await dialect.execute(`DELETE FROM ${WAITING_TABLE} WHERE run_id = ${p(1)}${stale}`, [runId, ...keep]);
      await add(items);
    },
    async remove(runId, toolCallId) {
      await init();
      await dialect.execute(
        `DELETE FROM ${WAITING_TABLE} WHERE run_id = ${p(1)} AND tool_call_id = ${p(2)}`,
        [runId, toolCallId],
      );
    },
    async clearThread(thread) {
      await init();
      await dialect.execute(
        `INSERT INTO ${CLEARED_TABLE} (thread, cleared_at) VALUES (${p(1)}, ${p(2)})
        ON CONFLICT (thread) DO UPDATE SET cleared_at = excluded.cleared_at`,
        [thread, new Date().toISOString()],
      );
      await dialect.execute(`DELETE FROM ${WAITING_TABLE} WHERE thread = ${p(1)}`, [thread]);
    },
    async add(items) {
      await init();
      await add(items);
    },
    async keysIndexedBefore(before) {
      await init();
      const rows = await dialect.query(
        `SELECT run_id, tool_call_id FROM ${WAITING_TABLE} WHERE indexed_at < ${p(1)}`,
        [before],
      );
      return rows.map((row) => ({ runId: String(row.run_id), toolCallId: String(row.tool_call_id) }));
    },
    async removeExpired() {
      await init();
      return dialect.execute(`DELETE FROM ${WAITING_TABLE} WHERE expires_at <= ${p(1)}`, [
        new Date().toISOString(),
      ]);
    },
    async page(query) {
      await init();
      if (query.resources.length === 0) return [];
      const { sql, args } = pageSql(p, query);
      return (await dialect.query(sql, args)).map(itemOf);
    },
    async count(resources, limit) {
      await init();
      if (resources.length === 0) return 0;
      const now = resources.length + 1;
      const [row] = await dialect.query(
        `SELECT COUNT(*) AS count FROM (SELECT 1 FROM ${WAITING_TABLE}
          WHERE resource IN (${resources.map((_, index) => p(index + 1)).join(', ')})
          AND (expires_at IS NULL OR expires_at > ${p(now)}) LIMIT ${p(now + 1)}) AS counted`,
        [...resources, new Date().toISOString(), limit],
      );
      return Number(row?.count ?? 0);
    },
  };
}

function rowOf(item: WaitingItem, indexedAt: string): unknown[] {
  return [
    item.resource ?? null,
    item.thread ?? null,
    item.threadTitle ?? null,
    item.agent,
    item.runId,
    item.toolCallId,
    item.toolName ?? null,
    item.kind,
    item.excerpt,
    JSON.stringify(item.call),
    item.createdAt,
    item.expiresAt ?? null,
    indexedAt,
  ];
}

const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

function itemOf(row: Record<string, unknown>): WaitingItem {
  return {
    resource: textOrUndefined(row.resource),
    thread: textOrUndefined(row.thread),
    threadTitle: textOrUndefined(row.thread_title),
    agent: String(row.agent),
    runId: String(row.run_id),
    toolCallId: String(row.tool_call_id),
    toolName: textOrUndefined(row.tool_name),
    kind: String(row.kind) as WaitingItem['kind'],
    excerpt: String(row.excerpt),
    call: JSON.parse(String(row.payload)) as Record<string, unknown>,
    createdAt: String(row.created_at),
    expiresAt: textOrUndefined(row.expires_at),
  };
}
