import { Badge } from '@mantine/core';
import type { ComputerStatus } from '../../../domain/api/computers';

/** Online or Offline; the dark teal keeps the light badge's text above AA contrast. */
export function StatusBadge({ status }: { status: ComputerStatus }) {
  return status === 'online' ? (
    <Badge color="teal.9" variant="light">
      Online
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Offline
    </Badge>
  );
}
