import { useCallback, useEffect, useState } from 'react';

const PARAM = 'thread';
const STORAGE_KEY = 'ask-user-kit-demo:conversation';
const VALID = /^[\w-]{6,80}$/;

function newId(): string {
  return `trip-${crypto.randomUUID()}`;
}

function remember(id: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage can be disabled (private mode, policies); the URL still carries the id.
  }
}

function recalled(): string | undefined {
  try {
    const id = localStorage.getItem(STORAGE_KEY);
    return id && VALID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The URL's `?thread=`: an id, `invalid` when one is given that cannot be an id, or nothing. */
function fromUrl(): string | 'invalid' | undefined {
  const id = new URL(window.location.href).searchParams.get(PARAM);
  if (id === null) return undefined;
  return VALID.test(id) ? id : 'invalid';
}

function writeUrl(id: string, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(PARAM) === id) return;
  url.searchParams.set(PARAM, id);
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/** The conversation to open, and whether the link named one that cannot exist. */
function initial(): { id: string; invalidLink: boolean } {
  const linked = fromUrl();
  // A broken link opens a new conversation, said so; never another one from an earlier visit.
  if (linked === 'invalid') return { id: newId(), invalidLink: true };
  return { id: linked ?? recalled() ?? newId(), invalidLink: false };
}

export interface ConversationId {
  id: string;
  /** The link's `?thread=` was not a conversation id: a new conversation was opened instead. */
  invalidLink: boolean;
  /**
   * Opens a new conversation. `replace` when the current one is empty: Back then skips it, instead
   * of walking through empty conversations.
   */
  startNew(mode: 'push' | 'replace'): void;
}

/**
 * The conversation's identity: `?thread=<id>` in the URL (so a reload or a shared link keeps it),
 * remembered in localStorage for the next visit. Runs are started with it as thread and resource id,
 * which is what brings the conversation back from the server.
 */
export function useConversationId(): ConversationId {
  const [state, setState] = useState(initial);
  const { id } = state;

  useEffect(() => {
    writeUrl(id, 'replace');
    remember(id);
  }, [id]);

  useEffect(() => {
    const onPopState = () => {
      const next = fromUrl();
      if (next)
        setState(next === 'invalid' ? { id: newId(), invalidLink: true } : { id: next, invalidLink: false });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const startNew = useCallback((mode: 'push' | 'replace') => {
    const next = newId();
    writeUrl(next, mode);
    setState({ id: next, invalidLink: false });
  }, []);

  return { id, invalidLink: state.invalidLink, startNew };
}
