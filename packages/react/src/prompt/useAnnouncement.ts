import { useEffect, useState } from 'react';
import type { PromptState } from '@ask-user-kit/core';
import { announcementOf, type AnnouncementSource } from './state.ts';

/**
 * What the live region says (see `announcementOf`). It is empty until the prompt has mounted, so
 * that what it says first is announced; StrictMode's second mount sets the same state again.
 */
export function useAnnouncement(source: Omit<AnnouncementSource, 'mountedState'>): string {
  const [mountedState, setMountedState] = useState<PromptState>();
  const { state } = source;
  useEffect(() => {
    setMountedState(state);
    // The state at mount only: later states are compared with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return announcementOf({ ...source, mountedState });
}
