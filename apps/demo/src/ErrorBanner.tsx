import type { RunError } from '@ask-user-kit/react';

/** What kind of trouble an error is, in the user's terms. */
export type Trouble = 'offline' | 'unreachable' | 'failed';

/** Offline when the browser says so; unreachable when the request never got an answer from the planner. */
export function troubleOf(error: RunError, online: boolean): Trouble {
  if (!online) return 'offline';
  const unreachable =
    error.code === 'network' || error.status === 502 || error.status === 503 || error.status === 504;
  return unreachable ? 'unreachable' : 'failed';
}

/** The words of each trouble, for the agent the page talks to (`who`: "the planner"). */
function wordsOf(trouble: Trouble, who: string): { title: string; detail: string } {
  const Who = who.charAt(0).toUpperCase() + who.slice(1);
  switch (trouble) {
    case 'offline':
      return {
        title: 'You are offline',
        detail: 'Nothing you wrote is lost. Retry once your connection is back.',
      };
    case 'unreachable':
      return {
        title: `${Who} is not reachable`,
        detail: 'Nothing you wrote is lost. Check that the server is running, then retry.',
      };
    case 'failed':
      return {
        title: `${Who} could not finish`,
        detail: 'Nothing you wrote is lost. Retry, or start a new conversation.',
      };
  }
}

/** What went wrong, in words, with a way to try again. */
export interface ErrorBannerProps {
  error: RunError;
  online: boolean;
  /** The agent the page talks to, as in "the planner". */
  who: string;
  /** Override the words derived from the error. */
  title?: string;
  detail?: string;
  /** No Retry button without it (nothing to retry). */
  onRetry: (() => void) | undefined;
}

export function ErrorBanner({
  error,
  online,
  who,
  title: givenTitle,
  detail: givenDetail,
  onRetry,
}: ErrorBannerProps) {
  const trouble = troubleOf(error, online);
  const words = wordsOf(trouble, who);
  const title = givenTitle ?? words.title;
  const detail = trouble === 'offline' ? words.detail : (givenDetail ?? words.detail);
  return (
    <div className="banner" role="alert">
      <svg className="banner__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path
          d="M10 2l8.5 15h-17z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path d="M10 8v4M10 14.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <div className="banner__body">
        <p className="banner__title">{title}</p>
        <p className="banner__detail">{detail}</p>
        <ErrorDetails error={error} />
      </div>
      {onRetry && (
        <button type="button" className="button button--danger" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** The browser's or server's own words, for whoever wants them: folded away. */
export function ErrorDetails({ error }: { error: RunError }) {
  return (
    <details className="error-details">
      <summary>Details</summary>
      <p>{error.message}</p>
    </details>
  );
}
