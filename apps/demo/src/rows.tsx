import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// The rows of a conversation, the same on every page: messages in bubbles, questions and other
// requests beside the agent's mark, and the agent thinking.

/** One message of the conversation in a bubble. */
export function MessageRow({
  role,
  text,
  speaker,
  live = false,
}: {
  role: 'user' | 'assistant';
  text: string;
  /** Who writes the assistant's messages, for screen readers ("Planner"). */
  speaker: string;
  /** Being written now: a caret follows the text. */
  live?: boolean;
}) {
  if (!text) return null;
  if (role === 'user')
    return (
      <li className="message message--user">
        <span className="visually-hidden">You said:</span>
        <p className="bubble">{text}</p>
      </li>
    );
  return (
    <li className="message message--assistant">
      <Avatar />
      <div className="bubble" aria-busy={live || undefined}>
        <span className="visually-hidden">{speaker}:</span>
        {text}
        {live && <span className="caret" aria-hidden="true" />}
      </div>
    </li>
  );
}

export function Thinking({ speaker }: { speaker: string }) {
  return (
    <li className="message message--assistant">
      <Avatar />
      <div className="bubble bubble--thinking">
        <span className="visually-hidden">{speaker} is thinking</span>
        <span className="dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </div>
    </li>
  );
}

/** The agent's mark: `logo` in the header, `avatar` beside its messages and questions. */
export function Mark({ as, size }: { as: 'logo' | 'avatar'; size: number }) {
  return (
    <span className={as} aria-hidden="true">
      <svg viewBox="0 0 24 24" width={size} height={size}>
        <path d="M3 14.5c3.5-6.5 10.5-10 17-9.5-2 3.5-6.5 6-11 7l-2.5 5.5z" fill="currentColor" />
      </svg>
    </span>
  );
}

export const Avatar = () => <Mark as="avatar" size={18} />;

const CONTROL = 'input:enabled, select:enabled, textarea:enabled, button:enabled';

/**
 * A question's or a request's row, beside the agent's mark. An open one, when it appears, brings
 * its heading to the top of the view, then, if the control it focused is still out of view (a small
 * window, a large zoom), that control: the heading first, so what is asked is read before what is
 * answered (WCAG 1.4.10 reflow). `takeFocus`: its first control takes focus as it appears, for the
 * parts that do not take it themselves (a prompt's `autoFocus` does).
 */
export function PromptRow({
  open,
  takeFocus = false,
  children,
}: {
  open: boolean;
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const row = useRef<HTMLLIElement>(null);
  const [arrivedOpen] = useState(open);
  useLayoutEffect(() => {
    const element = row.current;
    if (!arrivedOpen || !element) return;
    if (takeFocus) element.querySelector<HTMLElement>(CONTROL)?.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !element.contains(focused)) return;
    const box = focused.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) focused.scrollIntoView({ block: 'nearest' });
    // Once, as it appears: later renders leave focus where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- takeFocus is read when the row arrives only
  }, [arrivedOpen]);
  return (
    <li ref={row} className="message message--prompt">
      <Avatar />
      <div className="prompt-cell">{children}</div>
    </li>
  );
}

/**
 * Keeps the newest message in view while the user is reading at the bottom, when `signature`
 * changes: the chat's entry count, or the length of the message being written. Not while `paused`:
 * a new question places itself (see `PromptRow`), as scrolling to the bottom would hide its heading
 * when zoomed in.
 */
export function useAutoScroll(signature: number, paused: boolean) {
  useEffect(() => {
    if (paused) return;
    const page = document.documentElement;
    const distance = page.scrollHeight - (window.scrollY + window.innerHeight);
    if (distance > 320) return;
    // To the very bottom, so the docked composer sits below the newest message, not over it.
    window.scrollTo({ top: page.scrollHeight });
  }, [signature, paused]);
}

/** Whether the prompt `key` is among a run's open prompts. */
export const isOpen = (openPrompts: readonly { key: string }[], key: string) =>
  openPrompts.some((prompt) => prompt.key === key);
