/**
 * Teams of reseller users (spec section 6: "A user can belong to only one team"; section 8's
 * refusal text). Team names are chosen: 1–50 letters, digits, hyphen, underscore and space.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { plainText } from '../character-checks';
import { requiredInDocument } from '../rule-kit';
import { charsShape, shapeJsonSchema } from '../rule-shapes';
import { userIdListSchema } from './reseller-users';

export const teamMessages = {
  nameInvalid: 'Team name should be between 1 - 50 characters of A-Z, a-z, 0-9, -, _ and space',
  nameTaken: 'A team with this name already exists',
  created: 'Team created successfully',
  renamed: 'Team renamed successfully',
  deleted: 'Team has been deleted successfully',
  membersAdded: 'Users added to the team successfully',
  membersRemoved: 'Users removed from the team successfully',
  notFound: 'Team not found',
  onePerUser: messages['team.one.per.user'],
} as const;

export const teamNameSchema = requiredInDocument(
  z
    .string()
    .trim()
    .refine((value) => value.length >= 1 && value.length <= 50 && plainText(value), {
      message: teamMessages.nameInvalid,
    })
    .prefault('')
    .meta({ ...shapeJsonSchema(charsShape('A-Za-z0-9_-', { min: 1, max: 50 }), false) }),
);

const teamId = z.string().trim().min(1, teamMessages.notFound).max(64);

export const createTeamSchema = z.object({ name: teamNameSchema });
export const renameTeamSchema = z.object({ teamId, name: teamNameSchema });
export const teamIdSchema = z.object({ teamId });
export const teamMembersSchema = z.object({ teamId, userIds: userIdListSchema });

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.object({ teams: z.array(teamSchema) });
export const teamDoneSchema = z.object({ message: z.string() });
