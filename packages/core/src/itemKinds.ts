import { parseApproval, parseFormItem } from './items.ts';
import { itemSupport } from './itemSupport.ts';
import { isAskUserCall } from './prompt.ts';
import type { ItemKind } from './types.ts';

/**
 * Tool approvals (`requireApproval`): `createRunStore({ items: [approvals] })` shows them as
 * `approval` items, answered with `store.approve(key)` or `store.decline(key, reason)`.
 */
export const approvals: ItemKind = {
  parse: (call, key) => (call.requiresApproval ? parseApproval(call, key) : undefined),
  support: itemSupport,
};

/** The `forms` kind, and a copy that knows the resume schemas the suspended-runs list leaves out. */
export interface FormsKind extends ItemKind {
  /**
   * The same kind with each form's JSON Schema by tool name: Mastra's suspended-runs list carries
   * none, so a form restored after a reload or restart takes it from here (without it, the form
   * comes back as a malformed item that says so).
   */
  withResumeSchemas(schemas: Record<string, unknown>): FormsKind;
}

function formsKind(schemas: Record<string, unknown>): FormsKind {
  return {
    parse(call, key) {
      const { toolName, suspendPayload } = call;
      if (call.requiresApproval || isAskUserCall({ toolName, suspendPayload })) return undefined;
      const fallback = Object.hasOwn(schemas, call.toolName) ? schemas[call.toolName] : undefined;
      return parseFormItem(call, key, fallback);
    },
    support: itemSupport,
    withResumeSchemas: (more) => formsKind({ ...schemas, ...more }),
  };
}

/**
 * Any other tool's suspension (`suspend(payload)` with a `resumeSchema`): a `form` item generated
 * from its JSON Schema, answered with `store.submit(key, draft)` (validated before sending).
 */
export const forms: FormsKind = /* @__PURE__ */ formsKind({});
