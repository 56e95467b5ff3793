// What the kit's opt-in entries do to a store made by `createRunStore` beyond its public methods:
// `history` edits its snapshot, `workflow` starts a run without a message.
import type { RunSnapshot, RunStore } from './types.ts';

interface Seams {
  edit(change: (snapshot: RunSnapshot) => RunSnapshot): void;
  start(inputData: unknown): Promise<void>;
}

const seams = new WeakMap<RunStore, Seams>();

/** Registers a new store's seams (`createRunStore` only). */
export const addSeams = (store: RunStore, given: Seams): void => void seams.set(store, given);

/**
 * Applies `change` to the snapshot of a store made by `createRunStore` (its listeners are told if
 * it returns a new one). For the kit's opt-in entries (history): `change` returns a snapshot as
 * the reducer would (immutable, `openPrompts` matching the transcript).
 */
export const editStore = (store: RunStore, change: (snapshot: RunSnapshot) => RunSnapshot): void =>
  seams.get(store)?.edit(change);

/**
 * Starts a workflow's run with `inputData` in a store made by `createRunStore` over a workflow
 * transport (`createWorkflowTransport`): as `send` does, without a message. Resolves when the
 * stream ends (see the snapshot); rejects with `busy` while another request runs.
 */
export const startWorkflow = (store: RunStore, inputData: unknown): Promise<void> =>
  seams.get(store)?.start(inputData) ??
  Promise.reject(new TypeError('startWorkflow needs a store made by createRunStore.'));
