import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { mergeIds } from '../../internal/primitive.ts';
import { dataAttributes, InsideOptionsContext, usePromptContext } from '../context.ts';
import { showsControls } from '../../internal/lifecycle.ts';
import { Option, Other, OtherText } from './Option.tsx';
import { Description, Question } from './Question.tsx';

export type AskUserPromptOptionsProps = ComponentPropsWithoutRef<'fieldset'>;

/**
 * The `<fieldset>` of a choice prompt. Without children it renders the question as its legend,
 * the description, every option and, with `allowOther`, the "Other…" choice.
 */
export const Options = forwardRef<HTMLFieldSetElement, AskUserPromptOptionsProps>(
  function Options(props, ref) {
    const context = usePromptContext('<AskUserPrompt.Options>');
    const { prompt, state, ids, invalid } = context;
    if (!showsControls(state) || (prompt.kind !== 'single' && prompt.kind !== 'multiple')) return null;
    const invalidHere = invalid !== undefined && invalid.field !== 'other';
    const defaultChildren = (
      <>
        <Question />
        <Description />
        {prompt.options.map((option) => (
          <Option key={option.label} label={option.label} />
        ))}
        <Other />
        <OtherText />
      </>
    );
    return (
      <InsideOptionsContext.Provider value={true}>
        <fieldset
          {...dataAttributes('options', context)}
          {...props}
          ref={ref}
          disabled={context.disabled || props.disabled}
          aria-describedby={mergeIds(props['aria-describedby'], ids.description, invalidHere && ids.error)}
        >
          {props.children ?? defaultChildren}
        </fieldset>
      </InsideOptionsContext.Provider>
    );
  },
);
