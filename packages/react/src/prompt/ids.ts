import { usePartIds } from '../internal/ids.ts';

/** The ids of a prompt's parts that others point at (`htmlFor`, `aria-describedby`) or share (`name`). */
export interface PromptIds {
  /** `.Description`: describes the text field and the options. */
  description: string;
  /** `.Error`: describes the field it is about, and Retry. */
  error: string;
  /** `.TextField`: the free-text question's `<label>` points at it. */
  field: string;
  /** The `name` the options' radios and checkboxes share. */
  choices: string;
}

const PROMPT_PARTS = ['description', 'error', 'field', 'choices'] as const;

export function usePromptIds(): PromptIds {
  return usePartIds(PROMPT_PARTS);
}

/** The ids of an option's parts that its control points at. */
export interface OptionIds {
  /** `.OptionLabel`: names the control. */
  label: string;
  /** `.OptionDescription`: describes the control. */
  description: string;
}

const OPTION_PARTS = ['label', 'description'] as const;

export function useOptionIds(): OptionIds {
  return usePartIds(OPTION_PARTS);
}
