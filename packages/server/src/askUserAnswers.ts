/** One offered choice of an `askUser` question. */
export interface AskOption {
  label: string;
  description?: string;
}

/** A question answered with one offered label, or with several (`multi_select`). */
export type AskChoiceQuestion = {
  question: string;
  options: readonly AskOption[];
  selectionMode?: 'single_select' | 'multi_select';
  schema?: undefined;
};

type Check = { ok: true; value: unknown } | { ok: false };

const REFUSED: Check = { ok: false };
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The answer to a free-text or choice question as the tool gets it, or a refusal: free text is
 * non-empty after trimming; one choice is one offered label; several are a non-empty list of
 * offered labels, each once. The kit's browser side checks the same before it sends anything.
 */
export function checkChoice(
  question: { options?: readonly AskOption[]; selectionMode?: string },
  answer: unknown,
): Check {
  const labels = new Set((question.options ?? []).map((option) => option.label));
  if (labels.size === 0) {
    if (!isText(answer) || !answer.trim()) return REFUSED;
    return { ok: true, value: answer.trim() };
  }
  if (question.selectionMode !== 'multi_select') {
    return isText(answer) && labels.has(answer) ? { ok: true, value: answer } : REFUSED;
  }
  if (!Array.isArray(answer) || answer.length === 0) return REFUSED;
  if (!answer.every((label) => isText(label) && labels.has(label))) return REFUSED;
  if (new Set(answer).size !== answer.length) return REFUSED;
  return { ok: true, value: answer };
}
