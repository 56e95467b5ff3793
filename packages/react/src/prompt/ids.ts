// The ids of the prompt's parts, named (`ids.error`), all from one `useId()` through `usePartIds`.

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

/** The names of `PromptIds`, for `usePartIds`. */
export const PROMPT_PARTS = ['description', 'error', 'field', 'choices'] as const;

/** The ids of an option's parts that its control points at. */
export interface OptionIds {
  /** `.OptionLabel`: names the control. */
  label: string;
  /** `.OptionDescription`: describes the control. */
  description: string;
}

/** The names of `OptionIds`, for `usePartIds`. */
export const OPTION_PARTS = ['label', 'description'] as const;
