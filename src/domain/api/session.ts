import { z } from 'zod';
import { messages } from '../messages';

import { productTypes } from '../constants';

export { productTypes, type ProductType } from '../constants';

/** POST /rpc-api/{reseller,partner}/user_signin, form-encoded. */
export const signInRequestSchema = z.object({
  username: z.string().trim().min(1, messages['email.required']).max(80, messages['email.invalid']),
  // Only presence is checked at sign-in: the format rules apply when a password is set.
  password: z.string().trim().min(1, messages['password.required']).max(128),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const subscriptionInfoSchema = z.object({
  type: z.string(), // e.g. FREE_TRIAL, PAID
  trialDaysLeft: z.string(), // the spec compares it with the string "0"
  plan_name: z.string(), // e.g. "Bulk Reseller"
});

/** GET /rpc-api/reseller/user_info: every field of spec section 3, never the password hash. */
export const resellerUserInfoSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_sub_admin: z.boolean(),
  is_sub_user: z.boolean(),
  ecomflag: z.boolean(),
  proxy_topic: z.string(),
  parent_proxy_topic: z.string(),
  subscription_info: subscriptionInfoSchema,
  sso_flag: z.boolean(),
  user_sso_status: z.boolean(),
  otpLogin: z.boolean(),
  supportDisableUrls: z.array(z.string()),
  isPendingCharge: z.boolean(),
  attemptedForPendingCharges: z.boolean(),
  paymentMode: z.string(),
  startDate: z.string(), // ISO 8601
  endDate: z.string(), // ISO 8601
  preferences: z.record(z.string(), z.string()),
  account_status: z.string(),
  yearlyfee: z.number(), // in major units of the account currency, computed on the server
  currency: z.string(),
  company_name: z.string(),
  isVATAccount: z.boolean(),
  vatid: z.string(),
  isGSTAccount: z.boolean(),
  gstin: z.string(),
});
export type ResellerUserInfo = z.infer<typeof resellerUserInfoSchema>;

export const partnerAccountStatuses = [
  'W9_PENDING',
  'APPROVAL_PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
] as const;
export type PartnerAccountStatus = (typeof partnerAccountStatuses)[number];

export const rpcPartnerInfoSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  /** Always null: the spec lists the field, the server never sends a password or its hash. */
  password: z.null(),
  companyName: z.string(),
  emailId: z.string(),
  contactPerson: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phoneNumber: z.string(),
  creationDate: z.string(),
  partnerType: z.string(),
  paypalEmailId: z.string(),
  country: z.string(),
  hearAbout: z.string(),
  accountStatus: z.enum(partnerAccountStatuses),
  referal_others: z.string(),
  rejectionReason: z.string(),
  companyNameW9: z.string(),
  address1W9: z.string(),
  address2W9: z.string(),
  federalTaxClassification: z.string(),
  federalTaxClassificationDetails: z.string(),
  requestersNameAddress: z.string(),
  /** Masked: only the last four digits are ever sent. */
  ein: z.string(),
  ssn: z.string(),
  signature: z.string(),
  w9Date: z.string(),
  dbaname: z.string(),
  dbanameW9: z.string(),
});

/** GET /rpc-api/partner/user_info. */
export const partnerUserInfoSchema = z.object({
  bountyHdLink: z.string(),
  bountyLink: z.string(),
  hdLink: z.string(),
  link: z.string(),
  username: z.string(),
  country_name: z.string(),
  states: z.array(z.string()),
  rpcPartnerInfo: rpcPartnerInfoSchema,
});
export type PartnerUserInfo = z.infer<typeof partnerUserInfoSchema>;

/** What both sign-in calls answer: where the console goes next. */
export const signInResponseSchema = z.object({
  productType: z.enum(productTypes),
  next: z.string(),
  /** Only with next = SELECT_USERNAME_STEP: the accounts the e-mail and password open. */
  usernames: z.array(z.string()).optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** GET /rpc-api/iplocation. */
export const ipLocationSchema = z.object({ country: z.string() });

/** GET /rpc-api/config: public, non-secret settings the console needs before sign-in. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  /** Linked where a user accepts the terms (the invited-user signup). */
  termsUrl: z.string(),
  pricingTermsUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
