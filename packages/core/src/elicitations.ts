import { parseFormSchema } from './formSchema.ts';
import { isObject, own } from './schemaKeywords.ts';
import type { ItemAnswer, ItemCall, ItemCheck, ItemKind, SuspensionItem } from './types.ts';
import { validateForm, type FormData, type FormDraft } from './validateForm.ts';

// An MCP server's elicitation, relayed by `@ask-user-kit/server`'s `elicitationTools`: the tool
// suspends with `{ elicitation: { server, mode, message, requestedSchema | url } }` and is resumed
// with MCP's own answer, `{ action: 'accept', content? } | { action: 'decline' | 'cancel' }`.

const NO_SERVER = 'the elicitation does not say which MCP server asks';
const BAD_URL = 'its URL is not a web address (http or https)';
const NOT_AN_ANSWER =
  "An elicitation is answered with { action: 'accept', content? }, { action: 'decline' } or { action: 'cancel' }.";
const NOT_AN_ELICITATION = 'Only an elicitation is answered with accept, decline or cancel.';

/** The relayed request in a suspended call's payload, if it is one. */
const requestOf = (call: Pick<ItemCall, 'suspendPayload'>) => {
  const request = isObject(call.suspendPayload) ? own(call.suspendPayload, 'elicitation') : undefined;
  return isObject(request) ? request : undefined;
};

/** Whether a suspended call relays an MCP elicitation (other kinds leave it to this one). */
export const isElicitationCall = (call: Pick<ItemCall, 'suspendPayload'>): boolean =>
  requestOf(call) !== undefined;

/** A link the user may open: http or https only (never `javascript:` or `data:`). */
function webAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseElicitation(call: ItemCall, key: string): SuspensionItem | undefined {
  const request = requestOf(call);
  if (!request) return undefined;
  const { runId, toolCallId, toolName } = call;
  const identity = { key, runId, toolCallId, toolName };
  const malformed = (reason: string): SuspensionItem => ({
    ...identity,
    kind: 'malformed',
    of: 'elicitation',
    reason,
    payload: call.suspendPayload,
  });
  const server = own(request, 'server');
  if (typeof server !== 'string' || !server.trim()) return malformed(NO_SERVER);
  const message = own(request, 'message');
  const asked = {
    ...identity,
    kind: 'elicitation' as const,
    server,
    message: typeof message === 'string' ? message : '',
  };
  if (own(request, 'mode') === 'url') {
    const url = webAddress(own(request, 'url'));
    return url ? { ...asked, mode: 'url', url } : malformed(BAD_URL);
  }
  const parsed = parseFormSchema(own(request, 'requestedSchema'));
  if (!parsed.ok) return malformed(parsed.reason.replace('the resume schema', 'the requested schema'));
  return { ...asked, mode: 'form', form: parsed.form };
}

const refuse = (message: string): ItemCheck => ({ ok: false, message });

function validateElicitation(item: SuspensionItem, draft: unknown): ItemCheck {
  if (item.kind !== 'elicitation') return refuse(NOT_AN_ELICITATION);
  const { action, content } = Object(draft) as { action?: unknown; content?: unknown };
  if (action === 'decline' || action === 'cancel') return { ok: true, value: { type: action } };
  if (action !== 'accept') return refuse(NOT_AN_ANSWER);
  if (item.mode === 'url') return { ok: true, value: { type: 'accept' } };
  const check = validateForm(item.form, (content ?? {}) as FormDraft);
  if (check.ok) return { ok: true, value: { type: 'accept', data: check.value } };
  const [first] = check.errors;
  return refuse(`${first!.path}: ${first!.message}`);
}

/** MCP's answer to an elicitation (`ElicitResult`), as the relaying tool is resumed with. */
function elicitResult(answer: ItemAnswer): FormData {
  if (answer.type === 'accept')
    return answer.data ? { action: 'accept', content: answer.data } : { action: 'accept' };
  return { action: answer.type };
}

/**
 * MCP elicitations relayed to the page by `@ask-user-kit/server`'s `elicitationTools`:
 * `createRunStore({ items: [elicitations] })` shows them as `elicitation` items that say which
 * server asks. Answered with `store.submit(key, { action: 'accept', content })` (form mode: the
 * form's draft, validated before anything is sent; URL mode: no content), `{ action: 'decline' }`
 * or `{ action: 'cancel' }`. They survive a reload: the suspended-runs list carries the request.
 */
export const elicitations: ItemKind = {
  name: 'elicitation',
  parse: parseElicitation,
  validate: validateElicitation,
  resume: ({ runId, toolCallId }, answer) => ({ runId, toolCallId, resumeData: elicitResult(answer) }),
};
