import { type HTMLAttributes, type ReactNode, type Ref, forwardRef, useEffect, useRef } from 'react';
import { humanName } from '../internal/humanName.ts';
import { takesAnswer } from '../internal/lifecycle.ts';
import { EditFields } from './approvalEdit.tsx';
import { useApprovalContext, type ToolApprovalButtonProps } from './approvalParts.tsx';
import { fieldIds } from './formContext.ts';
import { itemAttributes } from './itemParts.tsx';

// An approval's arguments: shown readably, or as fields while edited (`.Edit`).

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
 * arguments." when none. While edited, their fields in a `<fieldset>`; once approved with changes,
 * the arguments approved.
 */
export const Arguments = forwardRef<HTMLElement, ToolApprovalArgumentsProps>(function Arguments(props, ref) {
  const context = useApprovalContext('<ToolApproval.Arguments>');
  const { item, state, labels, answer } = context;
  if (item.kind !== 'approval') return null;
  if (context.editing && context.showControls)
    return (
      <fieldset
        {...itemAttributes('group', 'approval', state)}
        {...props}
        ref={ref as Ref<HTMLFieldSetElement>}
      >
        <legend>{labels.arguments}</legend>
        {props.children ?? <EditFields source={context} />}
      </fieldset>
    );
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

/**
 * Edits the arguments before approving (the first field takes focus), or, while editing, drops the
 * edits; only for an approval with an `editForm`. Not shown after a failure.
 */
export const Edit = forwardRef<HTMLButtonElement, ToolApprovalButtonProps>(function Edit(props, ref) {
  const context = useApprovalContext('<ToolApproval.Edit>');
  const { item, state, labels, showControls, editing } = context;
  const focusFields = useRef(false);
  useEffect(() => {
    if (!editing || !focusFields.current) return;
    focusFields.current = false;
    const [first] = item.kind === 'approval' ? (item.editForm?.fields ?? []) : [];
    if (first) document.getElementById(fieldIds(context.ids.fieldPrefix, first.name).control)?.focus();
  });
  if (!showControls || state === 'failed' || item.kind !== 'approval' || !item.editForm) return null;
  return (
    <button
      {...itemAttributes('edit', 'approval', state)}
      type="button"
      {...props}
      ref={ref}
      disabled={!takesAnswer(state) || props.disabled}
      onClick={(event) => {
        props.onClick?.(event);
        if (event.defaultPrevented) return;
        focusFields.current = !editing;
        context.setEditing(!editing);
      }}
    >
      {props.children ?? (editing ? labels.cancelEdit : labels.edit)}
    </button>
  );
});
