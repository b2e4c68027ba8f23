import { Badge } from '@mantine/core';
import type { SubUser } from '../../../domain/api/reseller-users';

/** Active, Invited (or Invitation expired) and Cancelled, in colours that pass AA on white. */
export function StatusBadge({ user }: { user: Pick<SubUser, 'status' | 'isInvitationExpired'> }) {
  if (user.status === 'active') {
    return (
      <Badge color="teal" variant="light">
        Active
      </Badge>
    );
  }
  if (user.status === 'invited') {
    return user.isInvitationExpired ? (
      <Badge color="orange" variant="light">
        Invitation expired
      </Badge>
    ) : (
      <Badge color="blue" variant="light">
        Invited
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light">
      Cancelled
    </Badge>
  );
}
