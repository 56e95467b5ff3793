import { stateWords, type StateLabels } from '../internal/announcement.ts';

/** The strings `<ToolApproval>` shows or announces; replace any with its `labels` prop. */
export interface ApprovalLabels extends StateLabels {
  title: (toolName: string) => string;
  arguments: string;
  noArguments: string;
  reason: string;
  approve: string;
  decline: string;
  retry: string;
  approved: string;
  declined: (reason: string | undefined) => string;
  malformed: (reason: string) => string;
}

export const defaultApprovalLabels: ApprovalLabels = {
  title: (toolName) => `Allow ${toolName} to run?`,
  arguments: 'With',
  noArguments: 'No arguments.',
  reason: 'Reason (optional, told to the assistant)',
  approve: 'Approve',
  decline: 'Decline',
  retry: 'Retry',
  ...stateWords,
  approved: 'Approved.',
  declined: (reason) => (reason ? `Declined: ${reason}` : 'Declined.'),
  answeredElsewhere: 'Answered in another window.',
  expired: 'This request is no longer waiting.',
  malformed: (reason) => `This request cannot be shown: ${reason}.`,
};

/** The strings `<ResumeForm>` shows or announces; replace any with its `labels` prop. */
export interface FormLabels extends StateLabels {
  title: (toolName: string) => string;
  submit: string;
  retry: string;
  answered: string;
  malformed: (reason: string) => string;
  unsupported: (reason: string) => string;
  optional: string;
  noChoice: string;
  invalid: (count: number) => string;
}

export const defaultFormLabels: FormLabels = {
  title: (toolName) => `${toolName} needs some details`,
  submit: 'Send',
  retry: 'Retry',
  ...stateWords,
  answered: 'Sent.',
  answeredElsewhere: 'Answered in another window.',
  expired: 'This form is no longer waiting.',
  malformed: (reason) => `This form cannot be shown: ${reason}.`,
  unsupported: (reason) => `Cannot render this field: ${reason}.`,
  optional: '(optional)',
  noChoice: '—',
  invalid: (count) => `${count} field${count === 1 ? ' needs' : 's need'} attention.`,
};
