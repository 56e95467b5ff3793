/** Which kind of answering route a request is on: an agent route, a workflow's resume, a chat route, or an AG-UI run. */
export type GuardedRoute = 'agent' | 'workflow' | 'chat' | 'ag-ui';

/** The question a request answers: its run, and the call when the request names one. */
export interface AnswerIds {
  runId: string;
  toolCallId: string | undefined;
  /** What the request answers with, as it sent it (`resumeData`, an AG-UI resume's payload); `undefined` for none. */
  answer?: unknown;
  /** The signature of the suspension the answer was given to (the body's `signature`; on AG-UI routes `forwardedProps.signature`). */
  signature?: unknown;
}

/**
 * Reads `runId` and `toolCallId` from a clone, leaving the body for the route's handler, from
 * exactly the bodies that route parses (see {@link readFields}). A chat request answers only when
 * its `resumeData` is truthy: chatRoute starts a new stream otherwise.
 */
export async function readAnswerIds(request: Request, route: GuardedRoute): Promise<AnswerIds | undefined> {
  const fields = await readFields(request, route);
  if (fields && route === 'ag-ui') return agUiAnswerIds(fields);
  if (fields && route === 'workflow') return workflowAnswerIds(request, fields);
  if (!fields || typeof fields.runId !== 'string' || fields.runId === '') return undefined;
  if (route === 'chat' && !fields.resumeData) return undefined;
  const toolCallId =
    typeof fields.toolCallId === 'string' && fields.toolCallId !== '' ? fields.toolCallId : undefined;
  return { runId: fields.runId, toolCallId, answer: fields.resumeData, signature: fields.signature };
}

/**
 * The step a workflow resume answers: the run from the query (`?runId=`), the step from the body
 * (`step`: its id, or the path of ids into nested workflows, joined with `.` as Mastra joins it).
 * Without a step Mastra resumes the first suspended one: `toolCallId` is then left out.
 */
function workflowAnswerIds(request: Request, fields: Record<string, unknown>): AnswerIds | undefined {
  const runId = new URL(request.url).searchParams.get('runId');
  if (!runId) return undefined;
  const { step } = fields;
  const path = Array.isArray(step) ? step.filter((id) => typeof id === 'string').join('.') : step;
  const toolCallId = typeof path === 'string' && path !== '' ? path : undefined;
  return { runId, toolCallId, answer: fields.resumeData, signature: fields.signature };
}

/**
 * The interrupt an AG-UI `RunAgentInput` resolves, read as `@ag-ui/mastra`'s `MastraAgent` reads
 * it: `forwardedProps.command` when it has an `interruptEvent` (an object, or its JSON), else the
 * first `resume` entry `resolved` or `cancelled`. A cancelled one resumes nothing.
 */
function agUiAnswerIds(input: Record<string, unknown>): AnswerIds | undefined {
  const forwarded = isRecord(input.forwardedProps) ? input.forwardedProps : {};
  const ids = agUiInterrupt(input, forwarded);
  return ids && { ...ids, signature: forwarded.signature };
}

function agUiInterrupt(
  input: Record<string, unknown>,
  forwarded: Record<string, unknown>,
): AnswerIds | undefined {
  const command = isRecord(forwarded.command) ? forwarded.command : {};
  const { interruptEvent, resume } = command;
  if (interruptEvent) {
    // No resume: a new run; `false`: the interrupt cancelled. Neither reaches Mastra's resume.
    if (resume === undefined || resume === null || resume === false) return undefined;
    const event = typeof interruptEvent === 'string' ? parseFormValue(interruptEvent) : interruptEvent;
    if (!isRecord(event)) return undefined;
    return idsOf(event.runId, event.toolCallId, resume);
  }
  const entries = Array.isArray(input.resume) ? (input.resume as unknown[]) : [];
  const entry = entries.find(
    (candidate): candidate is Record<string, unknown> =>
      isRecord(candidate) && (candidate.status === 'resolved' || candidate.status === 'cancelled'),
  );
  if (!entry || entry.status !== 'resolved' || typeof entry.interruptId !== 'string') return undefined;
  // `<runId>::<toolCallId>`, cut at the first `::` as MastraAgent cuts it.
  const cut = entry.interruptId.indexOf('::');
  if (cut < 0) return idsOf(input.runId, entry.interruptId, entry.payload);
  return idsOf(entry.interruptId.slice(0, cut), entry.interruptId.slice(cut + 2), entry.payload);
}

// MastraAgent refuses an interrupt without both (in the stream, after a 200): nothing to claim.
function idsOf(runId: unknown, toolCallId: unknown, answer: unknown): AnswerIds | undefined {
  if (typeof runId !== 'string' || runId === '' || typeof toolCallId !== 'string' || toolCallId === '')
    return undefined;
  return { runId, toolCallId, answer };
}

/**
 * The body as the route's handler will parse it, so that every body the handler acts on is
 * guarded, whatever its content type says:
 * - agent routes: as `@mastra/hono`'s `getParams`, by a case-sensitive look at the content type:
 *   `multipart/form-data` (each field JSON-parsed when it can be), else `application/json`; any
 *   other body is no body to Mastra, which refuses the request (400);
 * - chatRoute (`c.req.json()`) and CopilotKit's runtime (`request.json()`): JSON, whatever the
 *   content type (or none).
 * A body the handler cannot parse either is none here: the handler refuses it itself.
 */
export async function readFields(
  request: Request,
  route: GuardedRoute,
): Promise<Record<string, unknown> | undefined> {
  if (route === 'agent' || route === 'workflow') {
    const contentType = request.headers.get('content-type') ?? '';
    if (contentType.includes('multipart/form-data')) return readMultipartFields(request);
    if (!contentType.includes('application/json')) return undefined;
  }
  try {
    // `json()` as the handlers call it: UTF-8, a byte order mark dropped, then JSON.parse.
    const body: unknown = await request.clone().json();
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

async function readMultipartFields(request: Request): Promise<Record<string, unknown> | undefined> {
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, unknown> = {};
  for (const name of ['runId', 'toolCallId', 'resumeData', 'autoResumeSuspendedTools', 'signature']) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = parseFormValue(value);
  }
  return fields;
}

function parseFormValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when the body is over `maxBytes`: by its `content-length`, else (a chunked body) by reading a
 * clone up to the limit and no further.
 */
export async function isBodyTooLarge(request: Request, maxBytes: number): Promise<boolean> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared)) return declared > maxBytes;
  if (!request.body) return false;
  const reader = request.clone().body!.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      bytes += value.byteLength;
      if (bytes > maxBytes) return true;
    }
  } catch {
    // A body that breaks off: the handler meets the same error.
    return false;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * What chatRoute would throw on (a 500) in a body, as a 400 instead: not a JSON object, no
 * `messages` array, or `resumeData` without a `runId`.
 */
export function chatBodyProblem(body: Record<string, unknown> | undefined): string | undefined {
  if (!body) return 'The body must be a JSON object.';
  if (!Array.isArray(body.messages)) return 'messages must be an array of UI messages.';
  if (body.resumeData && (typeof body.runId !== 'string' || body.runId === ''))
    return 'runId is required with resumeData.';
  return undefined;
}
