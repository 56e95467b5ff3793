import type { ReactNode } from 'react';

/**
 * What is wrong, for whoever builds the app (a malformed question's reason, a schema keyword the
 * form cannot render), folded away under `summary` ("Details"): there for a bug report, not in the
 * user's face.
 */
export function Details({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details data-scope="ask-user" data-part="details">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
