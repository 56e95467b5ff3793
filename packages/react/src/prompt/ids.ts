import { useId, useMemo } from 'react';

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

export function usePromptIds(): PromptIds {
  const base = useId();
  return useMemo(
    () => ({
      description: `${base}description`,
      error: `${base}error`,
      field: `${base}field`,
      choices: `${base}choices`,
    }),
    [base],
  );
}

/** The ids of an option's parts that its control points at. */
export interface OptionIds {
  /** `.OptionLabel`: names the control. */
  label: string;
  /** `.OptionDescription`: describes the control. */
  description: string;
}

export function useOptionIds(): OptionIds {
  const base = useId();
  return useMemo(() => ({ label: `${base}label`, description: `${base}description` }), [base]);
}
