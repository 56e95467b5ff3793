import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { visuallyHidden } from '../../internal/primitive.ts';
import { Details } from '../../internal/Details.tsx';
import { TimeLeft as TimeLeftView } from '../../internal/TimeLeft.tsx';
import { dataAttributes, usePromptContext } from '../context.ts';

export type AskUserPromptErrorProps = ComponentPropsWithoutRef<'div'>;

/**
 * What went wrong, for the user: a refused answer, the server's message after a failed submit, a
 * question answered elsewhere or expired, or that a payload cannot be shown (what is wrong with it
 * folded under "Details"). Nothing when all is well. Focusable from script: focus moves here when the question ends without an answer.
 */
export const ErrorMessage = forwardRef<HTMLDivElement, AskUserPromptErrorProps>(
  function ErrorMessage(props, ref) {
    const context = usePromptContext('<AskUserPrompt.Error>');
    const { prompt, labels } = context;
    const children = props.children ?? context.message;
    if (!children) return null;
    return (
      <div {...dataAttributes('error', context)} id={context.ids.error} tabIndex={-1} {...props} ref={ref}>
        {children}
        {prompt.kind === 'malformed' && <Details summary={labels.details}>{prompt.reason}</Details>}
      </div>
    );
  },
);

export type AskUserPromptAnswerProps = ComponentPropsWithoutRef<'p'>;

/** The answer, read-only, once the prompt is answered (choices joined with ", "). Focusable from script: focus moves here once answered. */
export const Answer = forwardRef<HTMLParagraphElement, AskUserPromptAnswerProps>(function Answer(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Answer>');
  const { state, answer } = context;
  if (state !== 'answered') return null;
  const text = answer === undefined ? undefined : [answer].flat().join(', ');
  const children = props.children ?? text;
  if (children === undefined) return null;
  return (
    <p {...dataAttributes('answer', context)} tabIndex={-1} {...props} ref={ref}>
      {children}
    </p>
  );
});

export type AskUserPromptStatusProps = ComponentPropsWithoutRef<'div'>;

/**
 * A polite live region (visually hidden by default) that announces a new question and what
 * happens to the answer. Keep it in layouts of your own: it is how screen reader users hear of the question.
 */
export const Status = forwardRef<HTMLDivElement, AskUserPromptStatusProps>(function Status(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Status>');
  return (
    <div {...dataAttributes('status', context)} role="status" style={visuallyHidden} {...props} ref={ref}>
      {props.children ?? context.announcement}
    </div>
  );
});

export type AskUserPromptTimeLeftProps = ComponentPropsWithoutRef<'p'>;

/**
 * How long the question still takes answers, in words (`labels.expiresIn`: "Expires in 4
 * minutes"), when it has an `expiresAt`; updated each minute, said politely at 5 minutes and at
 * 1 minute left (not each minute). Nothing once it no longer takes an answer.
 */
export const TimeLeft = forwardRef<HTMLParagraphElement, AskUserPromptTimeLeftProps>(
  function TimeLeft(props, ref) {
    const context = usePromptContext('<AskUserPrompt.TimeLeft>');
    return (
      <TimeLeftView
        attributes={dataAttributes('time-left', context)}
        state={context.state}
        expiresAt={context.prompt.expiresAt}
        expiresIn={context.labels.expiresIn}
        {...props}
        ref={ref}
      />
    );
  },
);
