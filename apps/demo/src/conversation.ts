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

function fromUrl(): string | undefined {
  const id = new URL(window.location.href).searchParams.get(PARAM);
  return id && VALID.test(id) ? id : undefined;
}

function writeUrl(id: string, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(PARAM) === id) return;
  url.searchParams.set(PARAM, id);
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/**
 * The conversation's identity: `?thread=<id>` in the URL (so a reload or a shared link keeps it),
 * remembered in localStorage for the next visit. Runs are started with it as thread and resource id,
 * which is what brings an open prompt back from the server.
 */
export function useConversationId(): [id: string, startNew: () => void] {
  const [id, setId] = useState(() => fromUrl() ?? recalled() ?? newId());

  useEffect(() => {
    writeUrl(id, 'replace');
    remember(id);
  }, [id]);

  useEffect(() => {
    const onPopState = () => {
      const next = fromUrl();
      if (next) setId(next);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const startNew = useCallback(() => {
    const next = newId();
    writeUrl(next, 'push');
    setId(next);
  }, []);

  return [id, startNew];
}
