/** The words of `<Inbox>`, to translate or reword. */
export interface InboxLabels {
  title: string;
  list: string;
  empty: string;
  loading: string;
  error: string;
  more: string;
  openThread: string;
  noThread: string;
  agentFilter: string;
  kindFilter: string;
  all: string;
  kinds: { prompt: string; approval: string; form: string };
}

/** `<Inbox>`'s English wording; its `labels` prop replaces any of them. */
export const defaultInboxLabels: InboxLabels = {
  title: 'Inbox',
  list: 'Waiting for you',
  empty: 'Nothing is waiting for you.',
  loading: 'Loading…',
  error: 'The inbox could not be read.',
  more: 'Show older',
  openThread: 'Open the thread',
  noThread: 'No thread',
  agentFilter: 'Agent',
  kindFilter: 'Kind',
  all: 'All',
  kinds: { prompt: 'Questions', approval: 'Approvals', form: 'Forms' },
};
