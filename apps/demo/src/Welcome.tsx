const SUGGESTIONS = [
  'Plan a long weekend away',
  'Help me plan a summer holiday',
  'Surprise me with a short trip',
];

/** The empty conversation: what this is and a few ways to start. */
export function Welcome({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  return (
    <div className="welcome">
      <h2 className="welcome__title">Where to next?</h2>
      <p className="welcome__text">
        Tell the planner about a trip. Before it writes a plan it will ask you a few questions, right here in
        the conversation: where, how you will travel and what you would like to do.
      </p>
      <ul className="welcome__suggestions" aria-label="Suggestions">
        {SUGGESTIONS.map((text) => (
          <li key={text}>
            <button type="button" className="chip" disabled={disabled} onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
