import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SuspensionItem } from '@ask-user-kit/core';
import { describe, expect, it } from 'vitest';
import { EditableToolApproval, ToolApproval } from '../approval.ts';
import { ItemStory, bookTrip, editableTrip } from './storyRun.tsx';

/** `item`, ready, shown by `Approval`. */
const show = (Approval: typeof ToolApproval | typeof EditableToolApproval, item: SuspensionItem) =>
  render(<ItemStory item={item} state="ready" view={(run) => <Approval run={run} item={item} />} />);

describe('<ToolApproval> and <EditableToolApproval>', () => {
  it('<ToolApproval> shows the arguments of an editable approval and offers no Edit', () => {
    show(ToolApproval, editableTrip);
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('<EditableToolApproval> turns the arguments into fields, the first focused; one without an editForm shows as <ToolApproval>', async () => {
    const view = show(EditableToolApproval, editableTrip);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Destination' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'With' })).toBeInTheDocument();
    view.unmount();

    show(EditableToolApproval, bookTrip);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shares the parts of <ToolApproval>, named after it in development builds (as the entry loads them)', () => {
    expect(EditableToolApproval.Title).toBe(ToolApproval.Title);
    expect(EditableToolApproval.Title.displayName).toBe('ToolApproval.Title');
    expect(EditableToolApproval.displayName).toBe('EditableToolApproval');
    expect(EditableToolApproval.Edit.displayName).toBe('EditableToolApproval.Edit');
    expect(EditableToolApproval.Arguments.displayName).toBe('EditableToolApproval.Arguments');
  });
});
