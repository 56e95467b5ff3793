import { type HTMLAttributes, type ReactNode, type Ref, forwardRef } from 'react';
import { humanName } from '../internal/humanName.ts';
import { useApprovalContext } from './approvalParts.tsx';
import { itemAttributes } from './itemParts.tsx';

// An approval's arguments, shown readably.

const isPlain = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** An argument as a person reads it: text and numbers as they are, a list of them joined with ", ", anything else as names and values of its own. */
function ArgumentValue({ value }: { value: unknown }): ReactNode {
  if (isPlain(value)) return String(value);
  if (Array.isArray(value) && value.every(isPlain)) return value.join(', ');
  return (
    <dl>
      <ArgumentRows entries={Object.entries(value as object)} />
    </dl>
  );
}

/** A `<dl>`'s names and values, the names tidied ("total_price" → "Total price"). */
function ArgumentRows({ entries }: { entries: [string, unknown][] }) {
  return entries.map(([name, value]) => (
    <div key={name} data-part="argument">
      <dt>{humanName(name)}</dt>
      <dd>
        <ArgumentValue value={value} />
      </dd>
    </div>
  ));
}

/** The attributes a `<dl>` and a `<p>` share: with no arguments it is a `<p>`. */
export type ToolApprovalArgumentsProps = HTMLAttributes<HTMLElement>;

/**
 * The call's arguments, one name and value each (an object's own names and values under it); "No
 * arguments." when none. Once approved with changes, the arguments approved.
 */
export const Arguments = forwardRef<HTMLElement, ToolApprovalArgumentsProps>(function Arguments(props, ref) {
  const { item, state, labels, answer } = useApprovalContext('<ToolApproval.Arguments>');
  if (item.kind !== 'approval') return null;
  const approved = answer?.type === 'approve' && answer.editedArgs ? answer.editedArgs : item.args;
  const entries = Object.entries(approved ?? {});
  if (entries.length === 0)
    return (
      <p
        {...itemAttributes('description', 'approval', state)}
        {...props}
        ref={ref as Ref<HTMLParagraphElement>}
      >
        {props.children ?? labels.noArguments}
      </p>
    );
  return (
    <dl
      {...itemAttributes('arguments', 'approval', state)}
      aria-label={labels.arguments}
      {...props}
      ref={ref as Ref<HTMLDListElement>}
    >
      {props.children ?? <ArgumentRows entries={entries} />}
    </dl>
  );
});
