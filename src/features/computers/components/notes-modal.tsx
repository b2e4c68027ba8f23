import { Alert, Group, Modal, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { formatDisplayDate } from '../../../domain/dates';
import { useState, type SyntheticEvent } from 'react';
import { computerMessages, type Computer } from '../../../domain/api/computers';
import { lengths } from '../../../domain/limits';
import { rules } from '../../../domain/validation';
import { useQueryFallback } from '../../../offline/query-state';
import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/list-comments';
import { useMessages } from '../api/list-messages';
import { useSendMessage } from '../api/send-message';
import { serverError, showDone } from './errors';
import { ServerActionButton } from '../../../ui/server-action-button';

export type NotesKind = 'comments' | 'message';

/** "Ann · Apr 05, 2025, 10:07 pm": who wrote a note and when, in the one display format. */
export const noteByline = (note: { author: string; createdAt: string }): string =>
  `${note.author} · ${formatDisplayDate(note.createdAt)}`;

const copy = {
  comments: {
    title: 'Comments',
    field: 'Comment',
    submit: 'Add comment',
    empty: 'No comments yet.',
    max: lengths.comments.max,
    check: rules.comments,
  },
  message: {
    title: 'Send message',
    field: 'Message',
    submit: 'Send message',
    empty: 'No messages sent to this computer yet.',
    max: lengths.message.max,
    check: (value: string) =>
      value.trim() === '' ? computerMessages.messageRequired : rules.message(value),
  },
} as const;

/**
 * Comments kept on a computer, or messages sent to it: what was written before (newest first)
 * and a field to add one. A message waits until the computer next connects.
 */
function Notes({ kind, computer }: { kind: NotesKind; computer: Computer }) {
  const text = copy[kind];
  const comments = useComments(kind === 'comments' ? computer.id : null);
  const messages = useMessages(kind === 'message' ? computer.id : null);
  const notes = kind === 'comments' ? comments : messages;
  const notesFallback = useQueryFallback(
    notes,
    <Stack gap="xs">
      <Skeleton height={48} />
      <Skeleton height={48} />
    </Stack>,
  );
  const addComment = useAddComment();
  const sendMessage = useSendMessage();
  const isPending = addComment.isPending || sendMessage.isPending;
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isPending) return;
    const problem = text.check(value);
    setError(problem ?? '');
    setAlert('');
    if (problem !== null) return;
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        showDone(answer.message);
        setValue('');
      },
      onError: (failure: unknown) => {
        const target = serverError(failure, ['comment', 'message']);
        if (target.field) setError(target.message);
        else setAlert(target.message);
      },
    };
    if (kind === 'comments')
      addComment.mutate({ computerId: computer.id, comment: value.trim() }, callbacks);
    else sendMessage.mutate({ computerId: computer.id, message: value.trim() }, callbacks);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {computer.name}
      </Text>
      <form onSubmit={submit} noValidate aria-label={text.title}>
        <Stack gap="sm">
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Textarea
            label={text.field}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error || undefined}
            autosize
            minRows={3}
            maxRows={8}
            description={`${String(value.trim().length)} / ${String(text.max)}`}
            data-autofocus
          />
          <Group justify="flex-end">
            <ServerActionButton type="submit" loading={isPending}>
              {text.submit}
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
      {notes.data === undefined ? (
        notesFallback
      ) : notes.data.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={kind === 'comments' ? 'Comments' : 'Sent messages'}>
          {notes.data.notes.map((note) => (
            <Paper key={note.id} withBorder p="sm" role="listitem">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {noteByline(note)}
                {kind === 'message' &&
                  (note.deliveredAt ? ' · Delivered' : ' · Waiting for the computer to connect')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function NotesModal({
  kind,
  computer,
  onClose,
}: {
  kind: NotesKind;
  computer: Computer | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={computer !== null} onClose={onClose} title={copy[kind].title} centered size="lg">
      {computer && <Notes key={computer.id} kind={kind} computer={computer} />}
    </Modal>
  );
}
