import { addItems, applyItemChunks, setItem, setItemsIn, type ItemCall, type ItemSupport } from './items.ts';
import { isAskUserCall } from './prompt.ts';
import { waitingOr, type ItemAction } from './reduceRun.ts';
import { createItemAnswers, forItems } from './storeItems.ts';
import type { RunSnapshot, SuspendedRun } from './types.ts';

/** The approvals and other tools' suspensions of a suspended-runs list (not `ask_user` questions). */
function restoredItemCalls(runs: readonly SuspendedRun[]): ItemCall[] {
  return runs.flatMap(({ runId, toolCalls }) =>
    toolCalls
      .filter((call) => call.requiresApproval || !isAskUserCall(call))
      .map((call) => ({ ...call, runId, requiresApproval: call.requiresApproval === true })),
  );
}

/** An approval or form item's lifecycle, as `submit-*` is a prompt's. */
function reduceItem(s: RunSnapshot, action: ItemAction): RunSnapshot {
  switch (action.type) {
    case 'item-start': {
      const entry = s.items.find((candidate) => candidate.item.key === action.key);
      if (!entry || (entry.state !== 'ready' && entry.state !== 'failed')) return s;
      const next = setItem(s, action.key, { state: 'submitting', answer: action.answer, error: undefined });
      const runId = entry.item.runId;
      return {
        ...next,
        status: 'resuming',
        error: undefined,
        ...(runId === s.runId ? {} : { runId, text: '' }),
      };
    }
    case 'item-accepted':
      return { ...setItem(s, action.key, { state: 'answered', error: undefined }), status: 'streaming' };
    case 'item-failed': {
      const next = setItem(s, action.key, { state: 'failed', error: action.error });
      return { ...next, status: waitingOr(next, 'error'), error: action.error };
    }
    case 'item-refused': {
      const next = setItem(s, action.key, {
        state: action.refusal.code,
        answer: undefined,
        error: undefined,
      });
      return { ...next, status: waitingOr(next, 'idle') };
    }
  }
}

/** The machinery every item kind shares (see `ItemKind.support`). */
export const itemSupport: ItemSupport = {
  chunks: applyItemChunks,
  restore: (s, runs, kinds) => addItems(s, restoredItemCalls(runs), false, kinds),
  reduce: reduceItem,
  setIn: setItemsIn,
  forItems,
  answers: createItemAnswers,
};
