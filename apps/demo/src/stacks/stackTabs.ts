import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/**
 * Tabs of one stack page on one conversation, in step: a tab tells the others when a request of
 * its own (a message, an answer) starts and ends; meanwhile the others send nothing (one send at a
 * time), and once it ended they read the conversation again. The chat stacks read their history
 * only when they mount, so reading again is mounting the page's chat again.
 */
export interface StackTabs {
  /** Another tab's request is running. */
  elsewhereBusy: boolean;
  /** Tells the other tabs that a request of this tab started (`true`) or ended (`false`). */
  tell(busy: boolean): void;
}

const NO_TABS: StackTabs = { elsewhereBusy: false, tell: () => {} };

export const StackTabsContext = createContext<StackTabs>(NO_TABS);

const channelName = (conversationId: string) => `ask-user-kit-demo:stack:${conversationId}`;

/** The tabs of `conversationId`, and how many times another tab moved it on (a key to remount by). */
export function useStackTabs(conversationId: string): { tabs: StackTabs; moves: number } {
  const [elsewhereBusy, setElsewhereBusy] = useState(false);
  const [moves, setMoves] = useState(0);
  const channel = useRef<BroadcastChannel>(undefined);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(channelName(conversationId));
    opened.onmessage = (event: MessageEvent<{ busy?: unknown }>) => {
      const busy = event.data.busy === true;
      setElsewhereBusy(busy);
      if (!busy) setMoves((count) => count + 1);
    };
    channel.current = opened;
    return () => {
      channel.current = undefined;
      opened.close();
    };
  }, [conversationId]);
  const tell = useCallback((busy: boolean) => channel.current?.postMessage({ busy }), []);
  const tabs = useMemo(() => ({ elsewhereBusy, tell }), [elsewhereBusy, tell]);
  return { tabs, moves };
}

/**
 * Tells the other tabs when this tab's own requests start and end: a request seen starting while
 * the conversation is open (not one replayed while it is read).
 */
export function useTellTabs(busy: boolean, connecting: boolean): StackTabs {
  const tabs = useContext(StackTabsContext);
  const told = useRef(false);
  useEffect(() => {
    if (busy && !connecting && !told.current) {
      told.current = true;
      tabs.tell(true);
    } else if (!busy && told.current) {
      told.current = false;
      tabs.tell(false);
    }
  }, [busy, connecting, tabs]);
  return tabs;
}
