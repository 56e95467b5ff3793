import { forwardRef, useContext, type ComponentPropsWithoutRef, type HTMLAttributes, type Ref } from 'react';
import { withAsker } from '../../internal/announcement.ts';
import { showsControls } from '../../internal/lifecycle.ts';
import { dataAttributes, InsideOptionsContext, usePromptContext } from '../context.ts';
import { chosenCount, hintOf } from '../state.ts';
/** The attributes a `<legend>`, a `<label>` and a `<p>` share: the question is one of the three. */
export type AskUserPromptQuestionProps = HTMLAttributes<HTMLElement>;

/**
 * The question: the `<legend>` of `.Options`, the `<label>` of `.TextField` for free text, and a
 * `<p>` once the prompt no longer takes an answer. Renders nothing if the payload had no question.
 */
export const Question = forwardRef<HTMLElement, AskUserPromptQuestionProps>(function Question(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Question>');
  const insideOptions = useContext(InsideOptionsContext);
  const { prompt, state, ids } = context;
  const children =
    props.children ?? (prompt.question && withAsker(prompt.question, prompt.agent, context.labels));
  if (!children) return null;
  const attributes = dataAttributes('question', context);
  if (insideOptions) {
    return (
      <legend {...attributes} {...props} ref={ref as Ref<HTMLLegendElement>}>
        {children}
      </legend>
    );
  }
  if (prompt.kind === 'text' && showsControls(state)) {
    return (
      <label {...attributes} htmlFor={ids.field} {...props} ref={ref as Ref<HTMLLabelElement>}>
        {children}
      </label>
    );
  }
  return (
    <p {...attributes} {...props} ref={ref as Ref<HTMLParagraphElement>}>
      {children}
    </p>
  );
});

export type AskUserPromptDescriptionProps = ComponentPropsWithoutRef<'p'>;

/** The hint under the question ("Choose one.", …); for a multiple choice it includes `.Count`. */
export const Description = forwardRef<HTMLParagraphElement, AskUserPromptDescriptionProps>(
  function Description(props, ref) {
    const context = usePromptContext('<AskUserPrompt.Description>');
    const { prompt, state, labels, ids } = context;
    // Only a well-formed prompt ever takes an answer.
    if (!showsControls(state)) return null;
    const hint = hintOf(prompt, labels);
    const text =
      prompt.kind === 'multiple' ? (
        <>
          {hint} <Count />
        </>
      ) : (
        hint
      );
    return (
      <p {...dataAttributes('description', context)} id={ids.description} {...props} ref={ref}>
        {props.children ?? text}
      </p>
    );
  },
);

export type AskUserPromptCountProps = ComponentPropsWithoutRef<'span'>;

/** How many options are chosen (multiple choice), e.g. "2 chosen". */
export const Count = forwardRef<HTMLSpanElement, AskUserPromptCountProps>(function Count(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Count>');
  const { prompt, draft, allowOther, labels } = context;
  if (prompt.kind !== 'multiple') return null;
  const count = chosenCount(prompt, draft, allowOther);
  return (
    <span {...dataAttributes('count', context)} data-count={count} {...props} ref={ref}>
      {props.children ?? labels.chosenCount(count)}
    </span>
  );
});
