import { Fragment } from 'react';

/** `code` spans in a plain string become <code>, the way Markdown writes them. */
function Cell({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((piece, i) =>
          piece.startsWith('`') && piece.endsWith('`') ? (
            <code key={i}>{piece.slice(1, -1)}</code>
          ) : (
            <Fragment key={i}>{piece}</Fragment>
          ),
        )}
    </>
  );
}

/** A table for the MDX docs pages (Storybook's MDX has no GFM tables without remark-gfm). */
export function DocTable({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]}>
            {row.map((cell, i) => (
              <td key={i}>
                <Cell text={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
