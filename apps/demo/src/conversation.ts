import { useCallback, useEffect, useState } from 'react';
import { rememberConversation } from './knownConversations.ts';

const PARAM = 'thread';
const AGENT_PARAM = 'agent';
const STORAGE_KEY = 'ask-user-kit-demo:conversation';
const VALID = /^[\w-]{6,80}$/;

/**
 * The demo's pages: `?agent=concierge`, `?agent=expense` (a workflow), `?agent=supervisor` (sub-agents),
 * else the planner.
 */
export type DemoAgent = 'planner' | 'concierge' | 'expense' | 'supervisor';

// Each agent's conversations are its own threads: Mastra lets one agent's run wait on a thread
// where another agent's question waits, so a thread is never shared between them. A thread id
// says whose it is; the planner keeps the ids it always had (`trip-…`, or any other).
// The expense page's ids are its workflow runs' ids.
const PREFIX: Record<DemoAgent, string> = {
  planner: 'trip-',
  concierge: 'concierge-',
  expense: 'expense-',
  supervisor: 'supervisor-',
};
const OTHER_AGENTS: readonly DemoAgent[] = ['concierge', 'expense', 'supervisor'];

/** The agent the URL names. */
export function agentFromUrl(): DemoAgent {
  const agent = new URL(window.location.href).searchParams.get(AGENT_PARAM);
  return OTHER_AGENTS.find((other) => other === agent) ?? 'planner';
}

/** Whose thread an id is: the agent whose prefix it has, else the planner's. */
function ownerOf(id: string): DemoAgent {
  return OTHER_AGENTS.find((agent) => id.startsWith(PREFIX[agent])) ?? 'planner';
}

function newId(agent: DemoAgent): string {
  return `${PREFIX[agent]}${crypto.randomUUID()}`;
}

// The planner's key is the one it always had, so a returning visitor keeps their conversation.
const storageKey = (agent: DemoAgent) => (agent === 'planner' ? STORAGE_KEY : `${STORAGE_KEY}:${agent}`);

function remember(agent: DemoAgent, id: string): void {
  rememberConversation(id);
  try {
    localStorage.setItem(storageKey(agent), id);
  } catch {
    // Storage can be disabled (private mode, policies); the URL still carries the id.
  }
}

function recalled(agent: DemoAgent): string | undefined {
  try {
    const id = localStorage.getItem(storageKey(agent));
    return id && VALID.test(id) && ownerOf(id) === agent ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL's `?thread=`: an id, `invalid` when one is given that cannot be an id or is another
 * agent's thread, or nothing.
 */
function fromUrl(agent: DemoAgent): string | 'invalid' | undefined {
  const id = new URL(window.location.href).searchParams.get(PARAM);
  if (id === null) return undefined;
  return VALID.test(id) && ownerOf(id) === agent ? id : 'invalid';
}

function writeUrl(id: string, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(PARAM) === id) return;
  url.searchParams.set(PARAM, id);
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

interface Opened {
  agent: DemoAgent;
  id: string;
  invalidLink: boolean;
  /** This page made the id just now: the server has nothing of it yet. */
  newThread: boolean;
}

/** The conversation to open, and whether the link named one that this agent cannot open. */
function opened(agent: DemoAgent, linked: string | 'invalid' | undefined): Opened {
  // A broken link opens a new conversation, said so; never another one from an earlier visit.
  if (linked === 'invalid') return { agent, id: newId(agent), invalidLink: true, newThread: true };
  const known = linked ?? recalled(agent);
  if (known) return { agent, id: known, invalidLink: false, newThread: false };
  return { agent, id: newId(agent), invalidLink: false, newThread: true };
}

function initial(): Opened {
  const agent = agentFromUrl();
  return opened(agent, fromUrl(agent));
}

export interface ConversationId {
  /** The agent the page talks to. */
  agent: DemoAgent;
  id: string;
  /**
   * The link's `?thread=` was not a conversation id, or another agent's: a new conversation was
   * opened instead.
   */
  invalidLink: boolean;
  /**
   * The id was made just now, by this page (a first visit, "New conversation", a broken link): there
   * is nothing to read of it on the server yet.
   */
  newThread: boolean;
  /**
   * Opens a new conversation. `replace` when the current one is empty: Back then skips it, instead
   * of walking through empty conversations.
   */
  startNew(mode: 'push' | 'replace'): void;
}

/**
 * The conversation's identity: `?thread=<id>` in the URL (so a reload or a shared link keeps it),
 * remembered in localStorage for the next visit, one per agent. Runs are started with it as thread
 * and resource id, which is what brings the conversation back from the server.
 */
export function useConversationId(): ConversationId {
  const [state, setState] = useState(initial);
  const { agent, id } = state;

  useEffect(() => {
    writeUrl(id, 'replace');
    remember(agent, id);
  }, [agent, id]);

  useEffect(() => {
    const onPopState = () => {
      const nextAgent = agentFromUrl();
      const next = fromUrl(nextAgent);
      // Back to another agent's page without a thread in its URL: that agent's own conversation.
      if (next || nextAgent !== agent) setState(opened(nextAgent, next));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [agent]);

  const startNew = useCallback(
    (mode: 'push' | 'replace') => {
      const next = newId(agent);
      writeUrl(next, mode);
      setState({ agent, id: next, invalidLink: false, newThread: true });
    },
    [agent],
  );

  return { agent, id, invalidLink: state.invalidLink, newThread: state.newThread, startNew };
}
