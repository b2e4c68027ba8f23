/**
 * Invited-user signup (spec sections 2, 3, 5 and 8): the link's query parameters, the signup
 * payload and its answer. The server never trusts the query string: the invitation found by
 * `uniqueId` decides the e-mail, the account and the computers allotted.
 */
import { z } from 'zod';
import { regions } from '../constants';
import { schemas } from '../validation';
import { checkboxField } from './checkbox-field';

/** The query parameters of an invitation link, as the spec names them. */
export const invitationLinkParams = {
  adminName: 'admin_name',
  email: 'email',
  uniqueId: 'unique_id',
  allotedComputer: 'alloted_computer',
} as const;

/** The console path of the invited-user signup, under /rpc-app. */
export const INVITED_SIGNUP_PATH = '/reseller/addUser';

export interface InvitationLinkValues {
  readonly adminName: string;
  readonly email: string;
  readonly uniqueId: string;
  readonly allotedComputers: number;
}

/** The full link sent by e-mail and copied by "copy link". */
export function invitationLink(origin: string, values: InvitationLinkValues): string {
  const query = new URLSearchParams({
    [invitationLinkParams.adminName]: values.adminName,
    [invitationLinkParams.email]: values.email,
    [invitationLinkParams.uniqueId]: values.uniqueId,
    [invitationLinkParams.allotedComputer]: String(values.allotedComputers),
  });
  return `${origin.replace(/\/$/, '')}/rpc-app${INVITED_SIGNUP_PATH}?${query.toString()}`;
}

const uniqueId = z.string().trim().min(16).max(128);

/** GET /reseller/invite/check: is this link still usable (before the form is filled in)? */
export const invitationCheckQuerySchema = z.object({ unique_id: uniqueId, email: z.string() });
export const invitationCheckSchema = z.object({
  adminName: z.string(),
  email: z.string(),
  allotedComputers: z.number().int(),
});

/** POST /reseller/invitedUserSignup: the spec's payload, form-encoded. */
export const invitedSignupRequestSchema = z.object({
  uniqueId,
  firstName: schemas.firstName,
  lastName: schemas.lastName,
  invitedUserEmailId: schemas.email,
  password: schemas.password,
  /** Sent by the console as the link carried it; the server uses the invitation's own value. */
  allotedComputers: z.string().trim().max(10).prefault(''),
  dcFlag: z.enum(regions),
  /** Its own box, unticked unless the invitee asks for e-mails on product updates. */
  marketingConsent: checkboxField,
});
export type InvitedSignupRequest = z.input<typeof invitedSignupRequestSchema>;

export const invitedSignupResponseSchema = z.object({ rpc_redirect_link: z.string() });
export type InvitedSignupResponse = z.infer<typeof invitedSignupResponseSchema>;
