import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SAMPLE_CSV } from '../../../domain/api/reseller-users';
import {
  checkCsvFiles,
  invitationsSentText,
  parseInvitationCsv,
  type CsvInvitee,
  type CsvIssue,
} from '../../../domain/csv-invitation';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useInviteFromCsv } from '../api/invite-csv';
import { PlanRoom, type AddUsersDialogProps } from './plan-room';
import { ServerActionButton } from '../../../ui/server-action-button';

type Preview =
  | { kind: 'none' }
  | { kind: 'ok'; fileName: string; text: string; invitees: readonly CsvInvitee[] }
  | { kind: 'error'; message: string; issues: readonly CsvIssue[] };

const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/** "row.12.email" from the server, back to a row issue. */
function issueFromField(field: string | undefined, message: string): CsvIssue | null {
  const match = /^row\.(\d+)\.(\w+)$/.exec(field ?? '');
  if (!match) return null;
  return { row: Number(match[1]), message, column: match[2] as CsvIssue['column'] };
}

function IssuesTable({ issues }: { issues: readonly CsvIssue[] }) {
  const rows = issues.filter((issue) => issue.row !== null);
  if (rows.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table striped aria-label="Rows with errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((issue, index) => (
            <Table.Tr key={`${String(issue.row)}-${issue.column ?? ''}-${String(index)}`}>
              <Table.Td>{issue.row}</Table.Td>
              <Table.Td>{issue.column ?? ''}</Table.Td>
              <Table.Td>{issue.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function InviteesTable({ invitees }: { invitees: readonly CsvInvitee[] }) {
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table striped aria-label="Users to invite">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Computers</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitees.map((invitee) => (
            <Table.Tr key={invitee.row}>
              <Table.Td>{invitee.row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitee.email}</Table.Td>
              <Table.Td>
                {invitee.firstName} {invitee.lastName}
              </Table.Td>
              <Table.Td>{invitee.allottedComputers ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * CSV bulk invitation: one file, read and checked in the browser with the rule book (every invalid
 * row listed with its reason before anything is sent), then sent in one request that creates all
 * users or none.
 */
export function CsvInviteModal({ opened, onClose, actorRole, room }: AddUsersDialogProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<Preview>({ kind: 'none' });
  const send = useInviteFromCsv();

  const close = () => {
    if (send.isPending) return;
    setFiles([]);
    setPreview({ kind: 'none' });
    send.reset();
    onClose();
  };

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    send.reset();
    if (chosen.length === 0) {
      setPreview({ kind: 'none' });
      return;
    }
    const fileError = checkCsvFiles(chosen);
    const [file] = chosen;
    if (fileError !== null || file === undefined) {
      setPreview({ kind: 'error', message: fileError ?? '', issues: [] });
      return;
    }
    const text = await file.text();
    const result = parseInvitationCsv(text);
    setPreview(
      result.ok
        ? { kind: 'ok', fileName: file.name, text, invitees: result.invitees }
        : { kind: 'error', message: result.message, issues: result.issues },
    );
  };

  const submit = () => {
    if (preview.kind !== 'ok' || send.isPending) return;
    send.mutate(
      { csv: preview.text, role: 'sub_user' },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: invitationsSentText(result.created) });
          setFiles([]);
          setPreview({ kind: 'none' });
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setPreview({ kind: 'error', message: GENERIC_ERROR_TEXT, issues: [] });
            return;
          }
          const issues = error.details
            .slice(1)
            .map((detail) => issueFromField(detail.field, detail.message))
            .filter((issue): issue is CsvIssue => issue !== null);
          setPreview({ kind: 'error', message: error.message, issues });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite users from a CSV file" centered size="xl">
      <Stack gap="md">
        {room && <PlanRoom data={room} actorRole={actorRole} />}
        <Text size="sm">
          One file at a time, up to 500 users. Columns: email, first_name, last_name and,
          optionally, allotted_computers.{' '}
          <Anchor href={SAMPLE_HREF} download="sample-users.csv">
            Download a sample CSV
          </Anchor>
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          multiple
          clearable
          value={files}
          onChange={(chosen) => void choose(chosen)}
          disabled={send.isPending}
        />
        {preview.kind === 'error' && (
          <>
            <Alert color="red" variant="light" role="alert">
              {preview.message}
            </Alert>
            <IssuesTable issues={preview.issues} />
          </>
        )}
        {preview.kind === 'ok' && (
          <>
            <Text size="sm" fw={600} role="status">
              {preview.invitees.length} users ready to invite from {preview.fileName}
            </Text>
            <InviteesTable invitees={preview.invitees} />
          </>
        )}
        {send.isPending && (
          <Stack gap={4}>
            <Text size="sm" id="csv-progress-label">
              Sending invitations…
            </Text>
            <Progress value={100} striped animated aria-labelledby="csv-progress-label" size="lg" />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={send.isPending}>
            Cancel
          </Button>
          <ServerActionButton
            onClick={submit}
            loading={send.isPending}
            disabled={preview.kind !== 'ok'}
          >
            Send invitations
          </ServerActionButton>
        </Group>
      </Stack>
    </Modal>
  );
}
