import { parsePrompt, type AnswerValue, type Prompt } from '@ask-user-kit/core';
import { isAskUserCall, readAskUserOutput, type FoundPrompt } from '@ask-user-kit/core/internal';
import { isRecord } from '../shared/isRecord.ts';

// What @ag-ui/mastra's MastraAgent emits for a suspension, read without importing AG-UI: a
// `CUSTOM` event named `on_interrupt` whose `value` (a JSON string) is `{ type: 'mastra_suspend',
// toolCallId, toolName, suspendPayload, args, resumeSchema, runId }`, then `RUN_FINISHED` with
// `outcome.interrupts[]` (`id: "<runId>::<toolCallId>"`, the same fields in `metadata.mastra`).
// A resume's run starts with the tool's `TOOL_CALL_RESULT` (`content`: the tool's output, JSON).

/** The `CUSTOM` event name @ag-ui/mastra gives a suspension. */
export const INTERRUPT_EVENT_NAME = 'on_interrupt';
const MASTRA_SUSPEND = 'mastra_suspend';

/** The fields of an AG-UI event the adapter reads. */
export interface AgUiEventLike {
  type: string;
  name?: string;
  value?: unknown;
  toolCallId?: string;
  content?: unknown;
  outcome?: unknown;
}

/** A suspension as @ag-ui/mastra describes it: what a resume sends back as `interruptEvent`. */
export interface MastraInterrupt {
  type: typeof MASTRA_SUSPEND;
  toolCallId: string;
  toolName: string;
  suspendPayload: unknown;
  runId: string;
  [field: string]: unknown;
}

/** Where a prompt of the thread is, as its events tell. */
export type AgUiPromptState = 'ready' | 'malformed' | 'answered';

/** An `ask_user` interrupt found in the thread's events. */
export interface AgUiPrompt extends FoundPrompt {
  state: AgUiPromptState;
  /** The interrupt as the agent sent it: a resume names it. */
  interrupt: MastraInterrupt;
}

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** The interrupt a `value` (or a `RUN_FINISHED` interrupt's `metadata.mastra`) holds, if it is one. */
function interruptOf(value: unknown, fallbackToolCallId?: unknown): MastraInterrupt | undefined {
  const fields = parsedJson(value);
  if (!isRecord(fields) || fields.type !== MASTRA_SUSPEND) return undefined;
  const toolCallId = fields.toolCallId ?? fallbackToolCallId;
  if (typeof toolCallId !== 'string' || typeof fields.runId !== 'string') return undefined;
  return {
    ...fields,
    type: MASTRA_SUSPEND,
    toolCallId,
    toolName: String(fields.toolName ?? ''),
    runId: fields.runId,
    suspendPayload: fields.suspendPayload,
  };
}

/** The interrupts an event carries: one for `on_interrupt`, the outcome's for `RUN_FINISHED`. */
export function interruptsOf(event: AgUiEventLike): MastraInterrupt[] {
  if (event.type === 'CUSTOM' && event.name === INTERRUPT_EVENT_NAME) {
    const interrupt = interruptOf(event.value);
    return interrupt ? [interrupt] : [];
  }
  if (event.type !== 'RUN_FINISHED' || !isRecord(event.outcome)) return [];
  const listed = Array.isArray(event.outcome.interrupts) ? event.outcome.interrupts : [];
  return listed.flatMap((entry: unknown) => {
    if (!isRecord(entry) || !isRecord(entry.metadata)) return [];
    const interrupt = interruptOf(entry.metadata.mastra, entry.toolCallId);
    return interrupt ? [interrupt] : [];
  });
}

/**
 * The prompt of an interrupt, through core's `parsePrompt` (a payload that cannot be rendered
 * gives the same `malformed` prompt as everywhere else), or `undefined` for another tool's.
 */
export function promptFromInterrupt(interrupt: MastraInterrupt): Prompt | undefined {
  const call = {
    runId: interrupt.runId,
    toolCallId: interrupt.toolCallId,
    toolName: interrupt.toolName,
    suspendPayload: interrupt.suspendPayload,
  };
  return isAskUserCall(call) ? parsePrompt(call) : undefined;
}

/**
 * Every `ask_user` interrupt in a thread's AG-UI events, oldest first: `answered` once a
 * `TOOL_CALL_RESULT` for its tool call came (the resume's run starts with it), `malformed` when
 * its payload cannot be rendered, else `ready`. The `on_interrupt` event and the `RUN_FINISHED`
 * outcome name the same interrupt: it counts once.
 */
export function agUiPrompts(events: readonly AgUiEventLike[]): AgUiPrompt[] {
  const found = new Map<string, AgUiPrompt>();
  for (const event of events) {
    if (event.type === 'TOOL_CALL_RESULT') {
      for (const [key, entry] of found) {
        if (entry.state !== 'ready' || entry.prompt.toolCallId !== event.toolCallId) continue;
        const answer = readAskUserOutput(event.content, entry.prompt)?.answer;
        found.set(key, { ...entry, state: 'answered', answer });
      }
      continue;
    }
    for (const interrupt of interruptsOf(event)) {
      const prompt = promptFromInterrupt(interrupt);
      if (!prompt || found.has(prompt.key)) continue;
      const state = prompt.kind === 'malformed' ? 'malformed' : 'ready';
      const { signature } = interrupt;
      const signed = typeof signature === 'string' ? { signature } : {};
      found.set(prompt.key, { prompt, state, interrupt, ...signed });
    }
  }
  return [...found.values()];
}

/** The id AG-UI gives an interrupt (`RUN_FINISHED.outcome.interrupts[].id`): `<runId>::<toolCallId>`. */
export const interruptId = (interrupt: MastraInterrupt): string =>
  `${interrupt.runId}::${interrupt.toolCallId}`;

/**
 * The `resume` of the run that answers the interrupt (`RunAgentInput.resume` of AG-UI 1.0):
 * @ag-ui/client refuses a new run of a thread with an interrupt it does not address.
 * @example
 * await agent.runAgent({ resume: resumeEntries(entry.interrupt, 'Lisbon') });
 */
export function resumeEntries(interrupt: MastraInterrupt, answer: AnswerValue) {
  return [{ interruptId: interruptId(interrupt), status: 'resolved' as const, payload: answer }];
}

/**
 * What a run that answers the interrupt forwards in the older way CopilotKit's `useInterrupt`
 * sends it, and @ag-ui/mastra still reads: `forwardedProps.command.resume` with the
 * `interruptEvent` (an @ag-ui/client before 1.0, which does not track interrupts), and the
 * interrupt's `signature` when the answer guard signed it (`signingSecret`).
 * @example
 * await agent.runAgent({ forwardedProps: resumeForwardedProps(entry.interrupt, 'Lisbon') });
 */
export function resumeForwardedProps(interrupt: MastraInterrupt, answer: AnswerValue) {
  const { signature } = interrupt;
  const signed = typeof signature === 'string' ? { signature } : {};
  return { command: { resume: answer, interruptEvent: interrupt }, ...signed };
}
