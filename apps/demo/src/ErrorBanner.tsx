import type { RunError } from '@ask-user-kit/react';

function describe(error: RunError): { title: string; detail: string } {
  const unreachable =
    error.code === 'network' || error.status === 502 || error.status === 503 || error.status === 504;
  if (unreachable) {
    return {
      title: 'The planner is not reachable',
      detail: 'Nothing you wrote is lost. Check that the server is running, then retry.',
    };
  }
  return { title: 'Something went wrong', detail: error.message };
}

/** What went wrong, in words, with a way to try again. */
export interface ErrorBannerProps {
  error: RunError;
  /** Override the words derived from the error. */
  title?: string;
  detail?: string;
  /** No Retry button without it (nothing to retry). */
  onRetry: (() => void) | undefined;
}

export function ErrorBanner({ error, title: givenTitle, detail: givenDetail, onRetry }: ErrorBannerProps) {
  const described = describe(error);
  const title = givenTitle ?? described.title;
  const detail = givenDetail ?? described.detail;
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
      </div>
      {onRetry && (
        <button type="button" className="button button--danger" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
