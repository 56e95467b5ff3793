export interface WelcomeProps {
  title: string;
  /** What the agent does, and what it will ask. */
  text: string;
  /** A few ways to start, sent as they are when picked. */
  suggestions: readonly string[];
  /** What is particular about this page, said under the suggestions. */
  note?: string;
  onPick: (text: string) => void;
  disabled: boolean;
}

/** The empty conversation: what this is and a few ways to start. */
export function Welcome({ title, text, suggestions, note, onPick, disabled }: WelcomeProps) {
  return (
    <div className="welcome">
      <h2 className="welcome__title">{title}</h2>
      <p className="welcome__text">{text}</p>
      <ul className="welcome__suggestions" aria-label="Suggestions">
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <button type="button" className="chip" disabled={disabled} onClick={() => onPick(suggestion)}>
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
      {note && <p className="welcome__note">{note}</p>}
    </div>
  );
}
