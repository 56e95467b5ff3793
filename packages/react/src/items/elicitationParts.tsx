import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { takesAnswer } from '../internal/lifecycle.ts';
import { useFormContext } from './formContext.ts';
import { itemAttributes, type ItemButtonProps, type ItemTextProps } from './itemParts.tsx';

// The parts of <ResumeForm> that only an MCP server's request (elicitation) has: who asks, the
// link of URL mode, and its two other answers. Each renders nothing for any other item.

/** Which MCP server asks: always shown with an elicitation (the spec asks clients to make the requester clear). */
export const Requester = forwardRef<HTMLParagraphElement, ItemTextProps>(function Requester(props, ref) {
  const { item, state, labels } = useFormContext('<ResumeForm.Requester>');
  if (item.kind !== 'elicitation') return null;
  return (
    <p {...itemAttributes('requester', 'form', state)} {...props} ref={ref}>
      {props.children ?? labels.requester(item.server)}
    </p>
  );
});

export type ResumeFormLinkProps = ComponentPropsWithoutRef<'a'>;

/**
 * URL mode: the server's page, opened in a new tab only when the user follows the link (never
 * by itself), which accepts the request. Shows the full URL, so the user sees where it goes.
 */
export const Link = forwardRef<HTMLAnchorElement, ResumeFormLinkProps>(function Link(props, ref) {
  const { item, state, labels, showControls, submitAction } = useFormContext('<ResumeForm.Link>');
  if (item.kind !== 'elicitation' || item.mode !== 'url') return null;
  const { host } = new URL(item.url);
  return (
    <p {...itemAttributes('link', 'form', state)}>
      {showControls && takesAnswer(state) ? (
        <a
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          {...props}
          onClick={(event) => {
            props.onClick?.(event);
            if (!event.defaultPrevented) submitAction('accept');
          }}
          ref={ref}
        >
          {props.children ?? labels.open(host)}
        </a>
      ) : null}{' '}
      <code data-part="url">{item.url}</code>
    </p>
  );
});

/** One of an elicitation's answers without the form: a plain button (Enter still sends the form). */
function actionButton(action: 'decline' | 'cancel', part: 'Decline' | 'Cancel') {
  const Button = forwardRef<HTMLButtonElement, ItemButtonProps>(function ActionButton(props, ref) {
    const { item, state, labels, showControls, answer, submitAction } = useFormContext(
      `<ResumeForm.${part}>`,
    );
    if (item.kind !== 'elicitation' || !showControls || state === 'failed') return null;
    const sending = state === 'submitting' && answer?.type === action;
    return (
      <button
        type="button"
        {...itemAttributes(action, 'form', state)}
        disabled={!takesAnswer(state)}
        {...props}
        onClick={(event) => {
          props.onClick?.(event);
          if (!event.defaultPrevented) submitAction(action);
        }}
        ref={ref}
      >
        {props.children ?? (sending ? labels.submitting : labels[action])}
      </button>
    );
  });
  return Button;
}

/** Declines an elicitation: the server is told the user said no. */
export const Decline = actionButton('decline', 'Decline');
/** Cancels an elicitation: dismissed without a choice. */
export const Cancel = actionButton('cancel', 'Cancel');
