import type { AnswerValue } from './prompt.ts';
import type { AnswerFields, ItemAnswer, ItemKind, WaitingEntry } from './types.ts';
import { answerMessages, validateAnswer, type AnswerOptions } from './validateAnswer.ts';

type Check = { ok: true; value: unknown } | { ok: false; message: string };

/** How a waiting entry is answered: a draft checked, an answer turned into its resume request. */
interface Answering {
  check(draft: unknown, options?: AnswerOptions): Check;
  resume(answer: unknown): AnswerFields;
}

/**
 * How `entry` is answered: a prompt with `validateAnswer`, an item with the kind that made it (by
 * name among `kinds`); a malformed one cannot be.
 */
export function answeringOf(entry: WaitingEntry, kinds: readonly ItemKind[]): Answering {
  const signed = entry.signature === undefined ? {} : { signature: entry.signature };
  if (entry.type === 'prompt') {
    const { runId, toolCallId } = entry.prompt;
    return {
      check: (draft, options) => validateAnswer(entry.prompt, draft, options),
      resume: (answer) => ({ runId, toolCallId, resumeData: answer as AnswerValue, ...signed }),
    };
  }
  const { item } = entry;
  const kind = kinds.find((candidate) => candidate.name === item.kind)!;
  return {
    check: (draft) =>
      item.kind === 'malformed'
        ? { ok: false, message: answerMessages.unanswerable(item.reason) }
        : kind.validate(item, draft),
    resume: (answer) => ({ ...kind.resume(item, answer as ItemAnswer), ...signed }),
  };
}
