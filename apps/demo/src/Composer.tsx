import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ComposerProps {
  /** Sending is off (a run is in progress or waits for an answer); typing still works. */
  disabled: boolean;
  /** Why sending is off, shown under the field. */
  hint: string | undefined;
  onSend: (text: string) => void;
  /** Whom the message goes to, as in "Message the planner". */
  recipient?: string;
}

/** The message field: Enter sends, Shift+Enter starts a new line; what is typed survives a disabled spell. */
export function Composer({ disabled, hint, onSend, recipient = 'the planner' }: ComposerProps) {
  const [text, setText] = useState('');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const canSend = !disabled && text.trim().length > 0;

  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.style.height = 'auto';
    field.style.height = `${Math.min(field.scrollHeight, 200)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="composer" aria-label={`Message ${recipient}`} onSubmit={submit}>
      <label className="visually-hidden" htmlFor="composer-field">
        Message
      </label>
      <textarea
        id="composer-field"
        ref={fieldRef}
        className="composer__field"
        rows={1}
        value={text}
        placeholder={`Message ${recipient}…`}
        autoComplete="off"
        // A chat opens ready to type; the prompt takes focus when a question arrives.
        autoFocus
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button--primary composer__send" disabled={!canSend}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M3 10l14-6-5 14-2.5-5.5z" fill="currentColor" />
        </svg>
        Send
      </button>
      {hint && (
        <p id={hintId} className="composer__hint">
          {hint}
        </p>
      )}
    </form>
  );
}
