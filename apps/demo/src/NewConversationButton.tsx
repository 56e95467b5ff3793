/**
 * The header's "New conversation" button, the same on every page: below 26rem its words are only
 * for screen readers (app.css `.new-label`), so the icon is what shows.
 */
export function NewConversationButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--ghost" onClick={onClick}>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
      <span className="new-label">New conversation</span>
    </button>
  );
}
