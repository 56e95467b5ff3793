import { isElicitationCall } from './elicitations.ts';
import { parseApproval, parseFormItem } from './items.ts';
import { isAskUserCall } from './prompt.ts';
import type { AnswerFields, ItemAnswer, ItemCheck, ItemKind, SuspensionItem } from './types.ts';
import { validateForm, type FormDraft } from './validateForm.ts';

const NOT_A_FORM = 'Only a form is answered with form data.';
const NOT_AN_APPROVAL = "An approval is answered with { type: 'approve' } or { type: 'decline', reason? }.";
const NOT_EDITABLE = "This tool's arguments cannot be edited: give editableApprovals its input schema.";

const refuse = (message: string): ItemCheck => ({ ok: false, message });

/**
 * The resume request of an item's answer: an approval goes through `resume` too, `approval` naming
 * the route; one with edited arguments resumes with `{ approved: true, editedArgs }` (Mastra's
 * approve route takes no data).
 */
function resumeFields({ runId, toolCallId }: SuspensionItem, answer: ItemAnswer): AnswerFields {
  if (answer.type === 'submit') return { runId, toolCallId, resumeData: answer.data };
  if (answer.type === 'approve' && answer.editedArgs)
    return { runId, toolCallId, resumeData: { approved: true, editedArgs: answer.editedArgs } };
  const reason = answer.type === 'decline' && answer.reason ? { reason: answer.reason } : {};
  const approval = answer.type === 'approve' ? 'approve' : 'decline';
  return { runId, toolCallId, resumeData: undefined, approval, ...reason };
}

/**
 * Tool approvals (`requireApproval`): `createRunStore({ items: [approvals] })` shows them as
 * `approval` items, answered with `store.submit(key, { type: 'approve' })` or
 * `store.submit(key, { type: 'decline', reason })`. For approvals whose arguments the user may edit
 * before approving, use `editableApprovals` instead.
 */
export const approvals: ItemKind = {
  name: 'approval',
  parse: (call, key) => (call.requiresApproval ? parseApproval(call, key) : undefined),
  validate(_item, draft) {
    const { type, reason, editedArgs } = Object(draft) as {
      type?: unknown;
      reason?: unknown;
      editedArgs?: unknown;
    };
    if (type === 'approve' && editedArgs !== undefined) return refuse(NOT_EDITABLE);
    if (type === 'approve') return { ok: true, value: { type } };
    if (type !== 'decline') return refuse(NOT_AN_APPROVAL);
    return { ok: true, value: typeof reason === 'string' && reason ? { type, reason } : { type } };
  },
  resume: resumeFields,
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

/**
 * The JSON Schema a tool put in its suspend payload as `resumeSchema` (as `askUser` of
 * `@ask-user-kit/server` does): unlike the chunk's, it is in the suspended-runs list too.
 */
function schemaInPayload(payload: unknown): unknown {
  const schema: unknown = Object(payload).resumeSchema;
  return typeof schema === 'object' && schema !== null ? schema : undefined;
}

function formsKind(schemas: Record<string, unknown>): FormsKind {
  return {
    name: 'form',
    parse(call, key) {
      const { toolName, suspendPayload } = call;
      if (call.requiresApproval || isAskUserCall({ toolName, suspendPayload }) || isElicitationCall(call))
        return undefined;
      const fallback =
        schemaInPayload(suspendPayload) ??
        (Object.hasOwn(schemas, call.toolName) ? schemas[call.toolName] : undefined);
      return parseFormItem(call, key, fallback);
    },
    validate(item, draft) {
      if (item.kind !== 'form') return refuse(NOT_A_FORM);
      const check = validateForm(item.form, (draft ?? {}) as FormDraft);
      if (check.ok) return { ok: true, value: { type: 'submit', data: check.value } };
      const [first] = check.errors;
      return refuse(`${first!.path}: ${first!.message}`);
    },
    resume: resumeFields,
    withResumeSchemas: (more) => formsKind({ ...schemas, ...more }),
  };
}

/**
 * Any other tool's suspension (`suspend(payload)` with a `resumeSchema`): a `form` item generated
 * from its JSON Schema, answered with `store.submit(key, draft)` (validated by `validateForm`
 * before anything is sent).
 */
export const forms: FormsKind = /* @__PURE__ */ formsKind({});
