import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  can,
  planSeats,
  userMessages,
  type ResellerRole,
  type UserList,
} from '../../../domain/api/reseller-users';

/** The props of the dialogs that add users (add, invite, CSV). */
export interface AddUsersDialogProps {
  opened: boolean;
  onClose: () => void;
  actorRole: ResellerRole;
  /** What the plan leaves (from the users list), shown above the fields. */
  room?: PlanRoomData;
}

/** What the plan leaves for new users, from the users list the page already holds. */
export interface PlanRoomData {
  counts: UserList['counts'];
  planUsers: number | null;
  allotted: number;
  planComputers: number | null;
}

/**
 * Where users are added: how many of the plan's users and computers are used and how many are
 * left (the server enforces both; this says so before anyone types). When no user can be added,
 * it says what to do, with the way to a bigger plan for those who may buy one.
 */
export function PlanRoom({ data, actorRole }: { data: PlanRoomData; actorRole: ResellerRole }) {
  const computers =
    data.planComputers === null
      ? null
      : `${String(data.allotted)} of ${String(data.planComputers)} computers allotted · ${String(Math.max(0, data.planComputers - data.allotted))} available`;
  if (data.planUsers === null) return computers && <Text size="sm">{computers}</Text>;
  const seats = planSeats(data.counts, data.planUsers);
  return (
    <>
      <Text size="sm" data-testid="plan-room">
        Your plan: {seats.used} of {seats.limit} users used · {seats.available} available
        {computers ? ` · ${computers}` : ''}
      </Text>
      {seats.available === 0 && (
        <Alert color="yellow" variant="light" role="note" title="Your plan's users are all in use">
          {userMessages.usersOverPlan({ limit: seats.limit, used: seats.used, asked: 1 })}{' '}
          {can(actorRole, 'billing') && (
            <Anchor component={Link} to="/account/upgrade">
              Upgrade plan
            </Anchor>
          )}
        </Alert>
      )}
    </>
  );
}
