import type { AnswerValue, Prompt } from '@ask-user-kit/core';
import { useEffect } from 'react';
import { draftFromAnswer, storedDraft, type AnswerDraft } from '../draft.ts';
import { useControllableState } from '../internal/useControllableState.ts';

export interface DraftOptions {
  prompt: Prompt;
  draft: AnswerDraft | undefined;
  defaultDraft: AnswerDraft | undefined;
  defaultAnswer: AnswerValue | undefined;
  onDraftChange: ((draft: AnswerDraft) => void) | undefined;
  /** Keep the draft in sessionStorage while the prompt can be answered. */
  persist: boolean;
  answerable: boolean;
  /** Called on every change, before `onDraftChange`. */
  onChange: () => void;
}

/**
 * The prompt's draft, controlled (`draft`) or not (`defaultDraft`, or `defaultAnswer` preselected),
 * kept in sessionStorage until the prompt is answered so that it survives a reload.
 */
export function useDraft({
  prompt,
  draft,
  defaultDraft,
  defaultAnswer,
  onDraftChange,
  persist,
  answerable,
  onChange,
}: DraftOptions): [AnswerDraft, (update: (draft: AnswerDraft) => AnswerDraft) => void] {
  const { key } = prompt;
  const [value, setValue] = useControllableState<AnswerDraft>({
    prop: draft,
    defaultProp: () => defaultDraft ?? draftFromAnswer(prompt, defaultAnswer),
    onChange: (next) => {
      if (persist && answerable) storedDraft(key, next);
      onChange();
      onDraftChange?.(next);
    },
    caller: 'AskUserPrompt',
    names: { prop: 'draft', onChange: 'onDraftChange', defaultProp: 'defaultDraft' },
  });

  // A draft saved before a reload comes back once, after mount, so that server and client render alike.
  useEffect(() => {
    if (!persist || !answerable) return;
    const stored = storedDraft(key);
    if (stored) setValue(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per prompt: a later change of `answerable` is not a reload
  }, [key, persist, setValue]);

  // A prompt that can no longer be answered keeps no draft.
  useEffect(() => {
    if (!answerable) storedDraft(key, null);
  }, [key, answerable]);

  return [value, setValue];
}
