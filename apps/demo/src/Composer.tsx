import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';

export interface ComposerProps {
  /** Sending is off (a run is in progress or waits for an answer); typing still works. */
  disabled: boolean;
  /**
   * Sending is off only until the conversation is open: a message sent meanwhile goes once it is
   * (unless sending is still off then for another reason: it is kept, and the hint says why).
   */
  pending?: boolean;
  /** Why sending is off, shown under the field. */
  hint: string | undefined;
  onSend: (text: string) => void;
  /** Whom the message goes to, as in "Message the planner". */
  recipient?: string;
}

const QUEUED_HINT = 'Your message will be sent as soon as the conversation is open.';
const NOT_SENT = 'Not sent yet, your message is kept:';

/** The message field: Enter sends, Shift+Enter starts a new line; what is typed survives a disabled spell. */
export function Composer({
  disabled,
  pending = false,
  hint,
  onSend,
  recipient = 'the planner',
}: ComposerProps) {
  const [text, setText] = useState('');
  // A message sent while the conversation was opening, sent once it is open.
  const [queued, setQueued] = useState(false);
  // Sending was tried while off: the hint is said aloud, not only shown.
  const [refused, setRefused] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const hasText = text.trim().length > 0;
  const canSend = !disabled && hasText;

  // Opened, but sending is off for another reason (a question waits): kept, and said why.
  if (queued && disabled && !pending) {
    setQueued(false);
    setRefused(true);
  }
  if (refused && !disabled) setRefused(false);
  // Open now: the queued message goes, once, after the render that allowed it.
  useEffect(() => {
    if (!queued || disabled) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sending is a side effect; the queue and field empty with it
    setQueued(false);
    if (!hasText) return;
    onSend(text.trim());
    setText('');
  }, [queued, disabled, hasText, text, onSend]);

  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.style.height = 'auto';
    field.style.height = `${Math.min(field.scrollHeight, 200)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!hasText) return;
    if (disabled && pending) setQueued(true);
    else if (disabled) setRefused(true);
    if (disabled) return;
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
        aria-describedby={hint || queued ? hintId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button--primary composer__send" disabled={!canSend}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M3 10l14-6-5 14-2.5-5.5z" fill="currentColor" />
        </svg>
        Send
      </button>
      {queued ? (
        <p id={hintId} className="composer__hint" role="status">
          {QUEUED_HINT}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="composer__hint" role={refused ? 'alert' : undefined}>
            {refused ? `${NOT_SENT} ${hint}` : hint}
          </p>
        )
      )}
    </form>
  );
}
