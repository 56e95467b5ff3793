import type { MastraModelConfig } from '@mastra/core/llm';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

/** The input of Mastra's `ask_user` tool, as the model sends it. */
export interface AskUserInput {
  question: string;
  options?: { label: string; description?: string }[];
  selectionMode?: 'single_select' | 'multi_select';
}

/** What a scripted step can see of the conversation so far. */
export interface ScriptContext {
  /** Index of this model step within the current user turn (0 = first). */
  step: number;
  /** The user's last message, as plain text. */
  userText: string;
  /** Every answer given so far in this turn, in order (arrays come joined with ", " by Mastra). */
  answers: string[];
  /** Every tool result of this turn, in order: the tool's name and its output's value. */
  results: { toolName: string; value: unknown }[];
}

/** One model step of a script. */
export type ScriptStep =
  | { type: 'ask'; calls: AskUserInput[]; toolName: string }
  | { type: 'reply'; text: string | ((ctx: ScriptContext) => string); deltas: number; delayMs: number }
  | { type: 'fail'; message: string };

/** A script: the steps in order, or a function choosing the step from the context. */
export type Script = ScriptStep[] | ((ctx: ScriptContext) => ScriptStep);

type Option = string | { label: string; description?: string };
const toOptions = (options: Option[]) => options.map((o) => (typeof o === 'string' ? { label: o } : o));

/**
 * Builders for scripted steps.
 * @example
 * scriptedModel([ask.text('Where to?'), reply(({ answers }) => `Going to ${answers[0]}.`)])
 */
export const ask = {
  /** A free-text question. */
  text: (question: string): ScriptStep => ({ type: 'ask', calls: [{ question }], toolName: 'ask_user' }),
  /** A single choice. */
  single: (question: string, options: Option[]): ScriptStep => ({
    type: 'ask',
    calls: [{ question, options: toOptions(options), selectionMode: 'single_select' }],
    toolName: 'ask_user',
  }),
  /** A multiple choice. */
  multiple: (question: string, options: Option[]): ScriptStep => ({
    type: 'ask',
    calls: [{ question, options: toOptions(options), selectionMode: 'multi_select' }],
    toolName: 'ask_user',
  }),
  /** Raw tool input, sent as is (for malformed or unusual payloads). */
  raw: (input: AskUserInput | Record<string, unknown>, toolName = 'ask_user'): ScriptStep => ({
    type: 'ask',
    calls: [input as AskUserInput],
    toolName,
  }),
  /** Several `ask_user` calls in one model step. */
  many: (...steps: ScriptStep[]): ScriptStep => ({
    type: 'ask',
    calls: steps.flatMap((s) => (s.type === 'ask' ? s.calls : [])),
    toolName: 'ask_user',
  }),
};

/** A text reply, streamed in `deltas` pieces (default 8), optionally `delayMs` apart. */
export function reply(
  text: string | ((ctx: ScriptContext) => string),
  options: { deltas?: number; delayMs?: number } = {},
): ScriptStep {
  return { type: 'reply', text, deltas: options.deltas ?? 8, delayMs: options.delayMs ?? 0 };
}

/** A model step that fails with an error. */
export function fail(message: string): ScriptStep {
  return { type: 'fail', message };
}

const usage = (output: number) => ({
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/** Splits `text` into `n` pieces of near-equal length (never splitting a surrogate pair). */
export function splitText(text: string, n: number): string[] {
  const chars = Array.from(text);
  const count = Math.max(1, Math.min(n, chars.length));
  const size = Math.ceil(chars.length / count);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out.length ? out : [''];
}

interface PromptMessage {
  role: string;
  content: unknown;
}

interface ToolResultPart {
  type?: string;
  toolName: string;
  output?: { value?: unknown };
}

function readContext(prompt: PromptMessage[]): ScriptContext {
  let lastUser = -1;
  prompt.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const turn = prompt.slice(lastUser + 1);
  const userMessage = prompt[lastUser];
  const userText = Array.isArray(userMessage?.content)
    ? userMessage.content
        .map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
        .join('')
    : typeof userMessage?.content === 'string'
      ? userMessage.content
      : '';
  const answers: string[] = [];
  const results: ScriptContext['results'] = [];
  for (const m of turn) {
    if (m.role !== 'tool' || !Array.isArray(m.content)) continue;
    for (const part of m.content as ToolResultPart[]) {
      if (part.type === 'tool-result') results.push({ toolName: part.toolName, value: part.output?.value });
      const found = /User answered: ((?:[^"\\]|\\.)*)/.exec(JSON.stringify(part));
      if (found) answers.push(JSON.parse(`"${found[1]}"`) as string);
    }
  }
  return { step: turn.filter((m) => m.role === 'assistant').length, userText, answers, results };
}

let callCounter = 0;
// Tool call ids are unique across processes, as a provider's are: Mastra's memory keeps a thread's
// tool invocations by id, and a restarted server counting from call_1 again would have the next
// question's call merged into the answered one of the same id.
const processTag = Math.floor(Math.random() * 36 ** 4)
  .toString(36)
  .padStart(4, '0');

/**
 * A deterministic language model (AI SDK `MockLanguageModelV4`) that plays a script: no API key,
 * no network. The step played is chosen from the prompt (how many assistant messages follow the
 * last user message), so it survives resumes, reloads and server restarts. Typed as Mastra's
 * model config, so that `new Agent({ model: scriptedModel(script) })` compiles as it is.
 */
export function scriptedModel(script: Script, options: { modelId?: string } = {}): MastraModelConfig {
  const pick = (ctx: ScriptContext): ScriptStep =>
    typeof script === 'function'
      ? script(ctx)
      : (script[Math.min(ctx.step, script.length - 1)] ?? reply('(the script is empty)'));

  const model = new MockLanguageModelV4({
    provider: 'ask-user-kit',
    modelId: options.modelId ?? 'scripted',
    doStream: async ({ prompt }) => {
      const ctx = readContext(prompt as PromptMessage[]);
      const step = pick(ctx);
      if (step.type === 'fail') throw new Error(step.message);
      if (step.type === 'ask') {
        const parts = [
          { type: 'stream-start' as const, warnings: [] },
          ...step.calls.map((input) => ({
            type: 'tool-call' as const,
            toolCallId: `call_${processTag}_${++callCounter}`,
            toolName: step.toolName,
            input: JSON.stringify(input),
          })),
          {
            type: 'finish' as const,
            finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
            usage: usage(20),
          },
        ];
        return { stream: convertArrayToReadableStream(parts) };
      }
      const text = typeof step.text === 'function' ? step.text(ctx) : step.text;
      const pieces = splitText(text, step.deltas);
      const parts = [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't1' },
        ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
        { type: 'text-end' as const, id: 't1' },
        {
          type: 'finish' as const,
          finishReason: { unified: 'stop' as const, raw: 'stop' },
          usage: usage(pieces.length),
        },
      ];
      if (step.delayMs <= 0) return { stream: convertArrayToReadableStream(parts) };
      const stream = new ReadableStream({
        async start(controller) {
          for (const p of parts) {
            controller.enqueue(p);
            if (p.type === 'text-delta') await new Promise((r) => setTimeout(r, step.delayMs));
          }
          controller.close();
        },
      });
      return { stream };
    },
  });
  // It is one: @mastra/core 1.71 checks `model` against its own copy of the AI SDK's provider
  // types, whose finish reasons lack the "interrupted" that ai 7.0.173's (@ai-sdk/provider 4.0.38)
  // have, so an AI SDK v7 model is not assignable to it as typed.
  return model as MastraModelConfig;
}
