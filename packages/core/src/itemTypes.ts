// What a run waits on besides ask_user questions: approvals, forms, MCP elicitations, the
// malformed ones, their answers, and the suspended calls they are read from. Types only.
import type { FormSchema } from './formSchema.ts';
import type { FormData } from './validateForm.ts';

export interface ItemIdentity {
  /** Built from `runId` and `toolCallId` like a prompt's (see `promptKey`). */
  key: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  /** When it stops taking answers, in milliseconds since 1970 (see `Prompt`'s `expiresAt`). */
  expiresAt?: number;
  /** The sub-agent that asked, when a supervisor's sub-agent did (its key in the supervisor's `agents`). */
  agent?: string;
}

/** A tool call waiting for the user's approval (`requireApproval`): approve or decline it. */
export interface ApprovalItem extends ItemIdentity {
  kind: 'approval';
  /** The arguments the tool would run with (an object, or `undefined` when not known). */
  args: Record<string, unknown> | undefined;
  /**
   * The form that edits the arguments before approving, each field starting at the call's value:
   * for a tool the `editableApprovals` kind knows the input schema of, which the server made
   * editable (`editableTool` of `@ask-user-kit/server`).
   */
  editForm?: FormSchema;
}

/** A tool that suspended for data (`suspend(payload)` with a `resumeSchema`): fill in its form. */
export interface FormItem extends ItemIdentity {
  kind: 'form';
  /** The form generated from the tool's `resumeSchema`. */
  form: FormSchema;
  /** What the tool suspended with (often a `message`), as received. */
  payload: unknown;
}

/** An approval or form that cannot be shown, with the reason why. It cannot be answered. */
export interface MalformedItem extends ItemIdentity {
  kind: 'malformed';
  /** What it would have been. */
  of: 'approval' | 'form' | 'elicitation';
  /** Human-readable: what is wrong. */
  reason: string;
  payload: unknown;
}

/**
 * Something a run waits on that is not an `ask_user` question: switch on `kind`. Items live
 * beside prompts (`snapshot.openItems` beside `snapshot.openPrompts`) so that prompt code never
 * meets a kind it does not know.
 */
export type SuspensionItem = ApprovalItem | FormItem | ElicitationItem | MalformedItem;

/**
 * An MCP server's request for input (elicitation), relayed by the agent's MCP tool: the
 * `server` that asks is always shown. In `form` mode, fill in the form generated from its
 * requested schema; in `url` mode, the user opens `url` (only on their click) and it is never a
 * form. Answered with accept, decline or cancel.
 */
export type ElicitationItem = ItemIdentity & {
  kind: 'elicitation';
  /** The name of the MCP server that asks, as the app's MCP client calls it. */
  server: string;
  /** What the server asks, in its words. */
  message: string;
} & ({ mode: 'form'; form: FormSchema } | { mode: 'url'; url: string });

/**
 * What answers an item: an approval (with the arguments the user edited, if any), a decline (with
 * a reason for the model), form data, or an elicitation's accept (with the form's data in form
 * mode) or cancel.
 */
export type ItemAnswer =
  | { type: 'approve'; editedArgs?: FormData }
  | { type: 'decline'; reason?: string }
  | { type: 'submit'; data: FormData }
  | { type: 'accept'; data?: FormData }
  | { type: 'cancel' };

/** A suspended call that may become an item, from a chunk or from the suspended-runs list. */
export interface ItemCall {
  runId: string;
  toolCallId: string;
  toolName: string;
  requiresApproval: boolean;
  /** The sub-agent that asked through this call of its supervisor, if one did. */
  agent?: string;
  args?: unknown;
  suspendPayload?: unknown;
  /** The JSON Schema (text or object) of a form's data. */
  resumeSchema?: unknown;
  /** The server's signature of the suspension, when it signs them (`answerGuard`'s `signingSecret`). */
  signature?: unknown;
}
