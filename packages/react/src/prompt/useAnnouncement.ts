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
    // A live region is announced only when its text changes once it is in the DOM: the text must
    // come after mount, so this one render more is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- filled after mount on purpose (see above)
    setMountedState(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the state at mount only: later states are compared with it
  }, []);
  return announcementOf({ ...source, mountedState });
}
