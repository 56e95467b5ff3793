import { AsyncLocalStorage } from 'node:async_hooks';

/** MCP's answer to an elicitation (`ElicitResult`): accept (with the form's content), decline or cancel. */
export type ElicitAnswer =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** What an MCP server asks (`ElicitRequest`'s params): a form (`requestedSchema`) or a URL to open. */
type ElicitParams = { mode?: string; message?: string; [key: string]: unknown };

/** One earlier round of a tool call: what the server asked, and the user's answer. */
interface Answered {
  params: ElicitParams;
  answer: ElicitAnswer;
}

/** The suspension of a tool whose server asks: what the page shows, and the answers so far. */
interface RelayPayload {
  elicitation: ElicitParams & { server: string };
  answered: Answered[];
}

/** The tool call in progress: the answers to give, in order, and what the server asked next. */
interface Round {
  answered: Answered[];
  given: number;
  asked?: ElicitParams;
}

type Suspending = {
  suspend?: (payload: unknown) => Promise<unknown>;
  resumeData?: unknown;
  suspendPayload?: unknown;
};
/** A tool's execution context: in an agent's run, suspend and resume are under `agent`. */
type ToolContext = Suspending & { agent?: Suspending };
type RelayableTool = {
  execute?: (input: unknown, context: ToolContext) => Promise<unknown>;
  mcpMetadata?: { serverName?: string };
};

/** Stops the MCP call in progress: the answer must come from the page. */
class AskedOnThePage extends Error {
  constructor() {
    super('The MCP server asks the user: the tool suspends until the page answers.');
  }
}

/** JSON with each object's keys in order: the same request reads the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  entries.sort(([left], [right]) => (left < right ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/**
 * What makes a request the question it is: its mode, words, form and URL (not an id the server
 * makes up anew on each call, such as URL mode's `elicitationId`).
 */
const questionOf = ({ mode, message, requestedSchema, url }: ElicitParams) =>
  canonical({ mode: mode ?? 'form', message, requestedSchema, url });

/** Two requests are the same question: one answer for one fits the other. */
const sameRequest = (left: ElicitParams, right: ElicitParams) => questionOf(left) === questionOf(right);

const isRelayPayload = (value: unknown): value is RelayPayload =>
  typeof value === 'object' && value !== null && Array.isArray((value as RelayPayload).answered);

/** What relays MCP elicitations to the page: see `relayElicitations`. */
export interface ElicitationRelay {
  /**
   * Give it as each server's `inputRequests` in `new MCPClient({ servers })` (with
   * `capabilities: { elicitation: { form: {}, url: {} } }` for URL mode too). Inside a relaying
   * tool it answers from the page; anywhere else it cancels.
   */
  inputRequests(request: { params: unknown }): Promise<ElicitAnswer>;
  /** The MCP client's tools (`await mcp.listTools()`), each relaying its server's elicitations to the page. */
  tools<Tools extends Record<string, unknown>>(tools: Tools): Tools;
}

/**
 * Relays MCP elicitations to the page as suspensions of the agent's tool call, so an MCP
 * server's question waits like any other (the kit's `elicitations` item kind shows it): nothing
 * waits in the server's memory, and a question survives a reload and a server restart. When the
 * server asks, the tool suspends with the request and the server's name; when the page answers
 * (`{ action: 'accept', content } | { action: 'decline' } | { action: 'cancel' }`), the tool calls
 * the MCP tool again and gives the answers of every round so far, in order, as the server asks
 * them again (MCP's requests are stateless since the 2026-07-28 revision: a call starts over and
 * the server signs each round's state).
 * @example
 * const relay = relayElicitations();
 * const mcp = new MCPClient({ servers: { bookings: { url, inputRequests: relay.inputRequests } } });
 * const agent = new Agent({ …, tools: async () => relay.tools(await mcp.listTools()) });
 */
export function relayElicitations(): ElicitationRelay {
  const rounds = new AsyncLocalStorage<Round>();

  const inputRequests = async ({ params }: { params: unknown }): Promise<ElicitAnswer> => {
    const round = rounds.getStore();
    if (!round) return { action: 'cancel' };
    const asked = (params ?? {}) as ElicitParams;
    const earlier = round.answered[round.given];
    if (earlier && sameRequest(earlier.params, asked)) {
      round.given += 1;
      return earlier.answer;
    }
    round.asked = asked;
    throw new AskedOnThePage();
  };

  const relay = (tool: RelayableTool): RelayableTool => {
    const { execute } = tool;
    if (!execute) return tool;
    const server = tool.mcpMetadata?.serverName ?? 'MCP server';
    const relaying = async (input: unknown, context: ToolContext) => {
      const { suspend, resumeData, suspendPayload } = context.agent ?? context;
      const before = isRelayPayload(suspendPayload) ? suspendPayload : undefined;
      const answered = before
        ? [
            ...before.answered,
            { params: withoutServer(before.elicitation), answer: resumeData as ElicitAnswer },
          ]
        : [];
      const round: Round = { answered, given: 0 };
      try {
        return await rounds.run(round, () => execute(input, context));
      } catch (error) {
        if (!round.asked || !suspend) throw error;
        const payload: RelayPayload = { elicitation: { ...round.asked, server }, answered };
        await suspend(payload);
        return undefined;
      }
    };
    const copy = Object.assign(Object.create(Object.getPrototypeOf(tool) as object) as object, tool);
    return Object.assign(copy, { execute: relaying });
  };

  return {
    inputRequests,
    tools: <Tools extends Record<string, unknown>>(tools: Tools) =>
      Object.fromEntries(
        Object.entries(tools).map(([name, tool]) => [name, relay(tool as RelayableTool)]),
      ) as Tools,
  };
}

const withoutServer = ({ server: _server, ...params }: ElicitParams) => params;
