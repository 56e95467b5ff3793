import type { ItemEntry, SuspensionItem } from '@ask-user-kit/core';
import type { FormDraft } from '@ask-user-kit/core/internal';
import type { FormField } from '@ask-user-kit/core/items';
import { partIds } from '../internal/ids.ts';
import { namedContext, usePartContext, type ItemPartsContextValue } from './itemParts.tsx';
import type { FormLabels } from './labels.ts';

/** What `ResumeForm.Root` gives its parts (and `useResumeForm()` the app). */
export interface ResumeFormContextValue extends ItemPartsContextValue {
  item: SuspensionItem;
  state: ItemEntry['state'];
  labels: FormLabels;
  /** The form's fields (none unless the item is a well-formed form). */
  fields: readonly FormField[];
  /** The values entered so far, by field name. */
  draft: FormDraft;
  setDraft: (draft: FormDraft) => void;
  /** The messages of the last refused submit, by field path (`budget.amount`), until the next submit. */
  errors: ReadonlyMap<string, string>;
  /** Validates the draft and sends it, or sends the failed answer again (what the form's submit does). */
  submit: () => void;
  /** An elicitation's answer without the form: accept (URL mode: the link was opened), decline or cancel. */
  submitAction: (action: 'accept' | 'decline' | 'cancel') => void;
  ids: { title: string; fieldPrefix: string; error: string };
}

export const FormContext = namedContext<ResumeFormContextValue>('ResumeFormContext');

export const useFormContext = (user: string) =>
  usePartContext(FormContext, user, '<ResumeForm> or <ResumeForm.Root>');

/** The ids of one field's parts, by its path (`budget.amount`): its control, description and error. */
export const fieldIds = (fieldPrefix: string, path: string) =>
  partIds(`${fieldPrefix}-${path}-`, ['control', 'description', 'error'] as const);
