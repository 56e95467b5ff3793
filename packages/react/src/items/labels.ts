import { stateWords, type StateLabels } from '../internal/announcement.ts';
import { humanName } from '../internal/humanName.ts';
import { expiresInWords } from '../internal/TimeLeft.tsx';

const fieldsNeedAttention = (count: number) =>
  `${count} field${count === 1 ? ' needs' : 's need'} attention.`;

/** The strings both `<ToolApproval>` and `<ResumeForm>` show. */
interface ItemLabels extends StateLabels {
  /** The item's title from the tool's name (`book_trip`), when nothing better names it. */
  title: (toolName: string) => string;
  retry: string;
  /** Shown when the item cannot be shown; what is wrong is under `details`, for whoever builds the app. */
  malformed: string;
  /** The summary of the disclosure that holds what is wrong, for developers. */
  details: string;
  /** How long an item with an `expiresAt` still takes answers, in whole minutes rounded up (`.TimeLeft`). */
  expiresIn: (minutes: number) => string;
}

/** The strings `<ToolApproval>` shows or announces; replace any with its `labels` prop. */
export interface ApprovalLabels extends ItemLabels {
  arguments: string;
  noArguments: string;
  reason: string;
  approve: string;
  decline: string;
  approved: string;
  declined: (reason: string | undefined) => string;
  /** Edits the arguments, for a tool whose arguments may be edited (the item's `editForm`). */
  edit: string;
  /** Leaves editing, the arguments back to the call's. */
  cancelEdit: string;
  /** The outcome of an approval with edited arguments. */
  approvedWithChanges: string;
  /** Said when edited arguments were refused: how many fields need attention. */
  invalid: (count: number) => string;
  /** A field of the edited arguments: may be left out, a select's empty choice, cannot be edited here. */
  optional: string;
  noChoice: string;
  unsupported: string;
}

/** `<ToolApproval>`'s English wording; its `labels` prop replaces any of them. */
export const defaultApprovalLabels: ApprovalLabels = {
  title: (toolName) => `${humanName(toolName)}?`,
  arguments: 'With',
  noArguments: 'No arguments.',
  reason: 'Reason (optional, told to the assistant)',
  approve: 'Approve',
  decline: 'Decline',
  retry: 'Retry',
  ...stateWords,
  approved: 'Approved.',
  declined: (reason) => (reason ? `Declined: ${reason}` : 'Declined.'),
  edit: 'Edit',
  cancelEdit: 'Undo changes',
  approvedWithChanges: 'Approved with changes.',
  invalid: fieldsNeedAttention,
  optional: '(optional)',
  noChoice: '—',
  unsupported: 'This field cannot be edited here.',
  answeredElsewhere: 'This request was answered in another window or device.',
  expired: 'This request is no longer open.',
  malformed: 'This request cannot be shown.',
  details: 'Details',
  expiresIn: expiresInWords,
};

/** The strings `<ResumeForm>` shows or announces; replace any with its `labels` prop. */
export interface FormLabels extends ItemLabels {
  submit: string;
  /** Shown once sent, above the values sent. */
  answered: string;
  /** Shown for a field the form cannot render; why is under `details`. */
  unsupported: string;
  optional: string;
  noChoice: string;
  /** A yes/no field's value, once sent. */
  yes: string;
  no: string;
  invalid: (count: number) => string;
  /** Who asks, for an MCP server's request (elicitation): the server's name is always shown. */
  requester: (server: string) => string;
  /** An elicitation's other answers: decline it, or dismiss it without choosing. */
  decline: string;
  cancel: string;
  /** URL mode: the link that opens the server's page (only on the user's click). */
  open: (host: string) => string;
  /** The outcomes of an elicitation's answers (a form's accept is `answered`). */
  opened: string;
  declined: string;
  cancelled: string;
}

/** `<ResumeForm>`'s English wording; its `labels` prop replaces any of them. */
export const defaultFormLabels: FormLabels = {
  title: humanName,
  submit: 'Send',
  retry: 'Retry',
  ...stateWords,
  answered: 'Sent.',
  answeredElsewhere: 'This form was answered in another window or device.',
  expired: 'This form is no longer open.',
  malformed: 'This form cannot be shown.',
  details: 'Details',
  expiresIn: expiresInWords,
  unsupported: 'This field cannot be filled in here.',
  optional: '(optional)',
  noChoice: '—',
  yes: 'Yes',
  no: 'No',
  invalid: fieldsNeedAttention,
  requester: (server) => `Asked by the MCP server “${server}”`,
  decline: 'Decline',
  cancel: 'Cancel',
  open: (host) => `Open ${host}`,
  opened: 'Opened.',
  declined: 'Declined.',
  cancelled: 'Cancelled.',
};
