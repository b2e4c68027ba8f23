/**
 * Partner signup and W-9 (spec section 7, "Sign-in and signup", "W-9 form"): the request
 * schemas shared by the console's forms and the server's routes, built from the rule book.
 * Texts the spec does not give are "chosen" and kept here.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { rules, schemas } from '../validation';
import { requiredInDocument, schemaFromRule, withShape, type Rule } from '../rule-kit';
import { choiceShape, shapeJsonSchema, textShape } from '../rule-shapes';

export const partnerAccountMessages = {
  /** chosen */
  partnerIdTaken: 'This Partner ID is already taken. Choose another one',
  /** chosen */
  countryRequired: 'Select a country',
  /** chosen */
  partnerTypeRequired: 'Select a partner type',
  /** chosen */
  hearAboutRequired: 'Tell us how you heard about us',
  /** chosen */
  othersRequired: 'Tell us where you heard about us',
  /** chosen */
  w9NameRequired: 'Enter the name shown on your income tax return',
  /** chosen */
  classificationRequired: 'Select a federal tax classification',
  /** chosen */
  llcDetailsRequired: 'Enter the LLC tax classification (C, S or P)',
  /** chosen */
  otherDetailsRequired: 'Describe your tax classification',
  /** chosen */
  w9AddressRequired: 'Enter the address for the W-9 form',
  /** chosen */
  w9CityStateZipRequired: 'Enter the city, state and ZIP code for the W-9 form',
  /** chosen */
  tinTypeRequired: 'Select SSN or EIN',
  /** chosen */
  ssnInvalid: 'Enter a valid SSN (9 digits)',
  /** chosen */
  einInvalid: 'Enter a valid EIN (9 digits)',
  /** chosen */
  signatureRequired: 'Type your full name as your signature',
  /** chosen */
  w9DateInvalid: 'Enter the date you sign the form',
  /** chosen */
  w9NotAllowed: 'The W-9 form cannot be changed for this account',
  /** chosen */
  w9Saved: 'Your W-9 form has been saved',
  /** chosen */
  signupDone: 'Your partner account has been created',
} as const;

export const partnerTypes = [
  'Reseller',
  'Managed service provider',
  'Affiliate / publisher',
  'Consultant',
  'Other',
] as const;

export const hearAboutOptions = [
  'Search engine',
  'Social media',
  'A colleague or friend',
  'An event or webinar',
  'others',
] as const;

const choice = (options: readonly string[], blank: string): Rule =>
  withShape((value) => (options.includes(value.trim()) ? null : blank), choiceShape(options), {
    isRequired: true,
  });

/** A rule with a blank message of its own: the same shape, required. */
const requiredWith = (rule: Rule, blank: string): Rule =>
  withShape((value) => (value.trim() === '' ? blank : rule(value)), rule.shape, {
    isRequired: true,
  });

const field = (rule: Rule) => schemaFromRule(rule);

/** Step one of `/partner/signup`: `/partner/partnerSignup` checks these before the details. */
export const partnerSignupStartSchema = z.object({
  partnerId: schemas.partnerId,
  emailId: schemas.email,
  password: schemas.password,
  confirmPassword: schemas.confirmPassword,
});
export type PartnerSignupStart = z.infer<typeof partnerSignupStartSchema>;

/** The whole form, sent to `/partner/continuePartenrSignup` (spelled as in the spec). */
export const partnerSignupSchema = partnerSignupStartSchema.extend({
  companyName: schemas.companyName,
  dbaname: schemas.dbaName,
  contactPerson: schemas.fullName,
  paypalEmailId: schemas.paypalEmail,
  address1: schemas.addressLine1,
  address2: schemas.streetAddressLine2,
  city: schemas.city,
  // Required, as the document says; one of the country list's is a rule (RULE_FAILED).
  country: field(
    withShape(
      (value) => (value.trim() === '' ? partnerAccountMessages.countryRequired : null),
      textShape({ max: 100 }),
      { isRequired: true },
    ),
  ),
  state: schemas.partnerState,
  zip: schemas.partnerZip,
  phoneNumber: schemas.phone,
  partnerType: field(choice(partnerTypes, partnerAccountMessages.partnerTypeRequired)),
  hearAbout: field(choice(hearAboutOptions, partnerAccountMessages.hearAboutRequired)),
  referal_others: z.string().trim().max(100).prefault(''),
});
export type PartnerSignup = z.infer<typeof partnerSignupSchema>;

/** Cross-field checks of the signup form: the field and the spec's (or chosen) message. */
export function signupFormProblems(form: {
  password: string;
  confirmPassword: string;
  hearAbout: string;
  referal_others: string;
}): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (form.password.trim() !== form.confirmPassword.trim()) {
    problems.push({ field: 'confirmPassword', message: messages['password.confirm.mismatch'] });
  }
  if (form.hearAbout.trim() === 'others' && form.referal_others.trim() === '') {
    problems.push({ field: 'referal_others', message: partnerAccountMessages.othersRequired });
  }
  return problems;
}

// --- W-9 (section 3, the W-9 fields of rpcPartnerInfo) ---

export const taxClassifications = [
  { value: 'INDIVIDUAL', label: 'Individual / sole proprietor or single-member LLC' },
  { value: 'C_CORPORATION', label: 'C Corporation' },
  { value: 'S_CORPORATION', label: 'S Corporation' },
  { value: 'PARTNERSHIP', label: 'Partnership' },
  { value: 'TRUST_ESTATE', label: 'Trust / estate' },
  { value: 'LLC', label: 'Limited liability company' },
  { value: 'OTHER', label: 'Other' },
] as const;

export const tinTypes = ['ssn', 'ein'] as const;
export type TinType = (typeof tinTypes)[number];

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** A TIN as typed (with or without hyphens): SSN ddd-dd-dddd, EIN dd-ddddddd. */
export function tinProblem(type: string, value: string): string | null {
  const trimmed = value.trim();
  if (type !== 'ssn' && type !== 'ein') return partnerAccountMessages.tinTypeRequired;
  const pattern = type === 'ssn' ? /^\d{3}-?\d{2}-?\d{4}$/ : /^\d{2}-?\d{7}$/;
  const isValid = pattern.test(trimmed) && !/^0+$/.test(digitsOf(trimmed));
  if (isValid) return null;
  return type === 'ssn' ? partnerAccountMessages.ssnInvalid : partnerAccountMessages.einInvalid;
}

/** The TIN in its canonical form, for storing encrypted. */
export function normaliseTin(type: TinType, value: string): string {
  const d = digitsOf(value);
  return type === 'ssn'
    ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`
    : `${d.slice(0, 2)}-${d.slice(2)}`;
}

export const w9FormSchema = z.object({
  companyNameW9: field(requiredWith(rules.companyName, partnerAccountMessages.w9NameRequired)),
  dbanameW9: schemas.dbaName,
  federalTaxClassification: field(
    choice(
      taxClassifications.map((c) => c.value),
      partnerAccountMessages.classificationRequired,
    ),
  ),
  federalTaxClassificationDetails: z.string().trim().max(100).prefault(''),
  address1W9: field(requiredWith(rules.addressLine1, partnerAccountMessages.w9AddressRequired)),
  address2W9: field(requiredWith(rules.address, partnerAccountMessages.w9CityStateZipRequired)),
  requestersNameAddress: z.string().trim().max(200).prefault(''),
  // Checked together below (w9Problems); the document states each one's own shape.
  tinType: requiredInDocument(
    z
      .string()
      .trim()
      .max(3)
      .prefault('')
      .meta({ ...shapeJsonSchema(choiceShape(tinTypes), false) }),
  ),
  tin: requiredInDocument(
    z
      .string()
      .trim()
      .max(20)
      .prefault('')
      .meta({ ...shapeJsonSchema({ core: '\\d{3}-?\\d{2}-?\\d{4}|\\d{2}-?\\d{7}' }, false) }),
  ),
  signature: field(requiredWith(rules.fullName, partnerAccountMessages.signatureRequired)),
  w9Date: requiredInDocument(
    z
      .string()
      .trim()
      .max(10)
      .prefault('')
      .meta({ pattern: '^20\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])$' }),
  ),
});
export type W9Form = z.infer<typeof w9FormSchema>;

/** Cross-field checks of the W-9: classification details, TIN by type, the signing date. */
export function w9FormProblems(form: W9Form, today: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const details = form.federalTaxClassificationDetails.trim();
  if (form.federalTaxClassification === 'LLC' && !/^[CSP]$/i.test(details)) {
    problems.push({
      field: 'federalTaxClassificationDetails',
      message: partnerAccountMessages.llcDetailsRequired,
    });
  }
  if (form.federalTaxClassification === 'OTHER' && details === '') {
    problems.push({
      field: 'federalTaxClassificationDetails',
      message: partnerAccountMessages.otherDetailsRequired,
    });
  }
  const tin = tinProblem(form.tinType, form.tin);
  if (tin) problems.push({ field: form.tinType === '' ? 'tinType' : 'tin', message: tin });
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(form.w9Date) && !Number.isNaN(Date.parse(form.w9Date));
  if (!isDate || form.w9Date > today) {
    problems.push({ field: 'w9Date', message: partnerAccountMessages.w9DateInvalid });
  }
  return problems;
}

/** What `/partner/confirmPartnerW9Form` answers: the form as it will be filed, TIN masked. */
export const w9PreviewSchema = z.object({
  companyNameW9: z.string(),
  dbanameW9: z.string(),
  federalTaxClassification: z.string(),
  federalTaxClassificationDetails: z.string(),
  address1W9: z.string(),
  address2W9: z.string(),
  requestersNameAddress: z.string(),
  tinType: z.enum(tinTypes),
  maskedTin: z.string(),
  signature: z.string(),
  w9Date: z.string(),
});
export type W9Preview = z.infer<typeof w9PreviewSchema>;

/** "*****6789": only the last four digits are ever shown. */
export const maskTin = (last4: string) => (last4 ? `*****${last4}` : '');

export const countryListSchema = z.array(z.object({ code: z.string(), name: z.string() }));
export const stateListSchema = z.array(z.string());

// --- Profile, password, forgot/reset and cancellation (spec section 7, "Profile", "Cancellation") ---

const optionalRule = (rule: Rule): Rule =>
  withShape((value) => (value.trim() === '' ? null : rule(value)), rule.shape, {
    isRequired: false,
  });

/**
 * `/partner/updatePartnerEditProfile`: every field optional, "an empty value keeps the old one";
 * a value given must pass its rule.
 */
export const profileUpdateSchema = z.object({
  companyName: field(optionalRule(rules.companyName)),
  dbaname: schemas.dbaName,
  contactPerson: field(optionalRule(rules.fullName)),
  emailId: field(optionalRule(rules.email)),
  address1: field(optionalRule(rules.addressLine1)),
  address2: schemas.streetAddressLine2,
  city: field(optionalRule(rules.city)),
  state: field(optionalRule(rules.partnerState)),
  zip: field(optionalRule(rules.partnerZip)),
  country: z.string().trim().max(100).prefault(''),
  phoneNumber: schemas.optionalPhone,
  paypalEmailId: schemas.paypalEmail,
  /** Needed only when the sign-in e-mail or the PayPal (payout) e-mail changes. */
  currentPassword: z.string().max(200).prefault(''),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileUpdateResultSchema = z.object({
  changed: z.boolean(),
  message: z.string(),
  /** The new sign-in address, waiting for the link mailed to it. */
  pendingEmail: z.string().optional(),
});

/** Texts of the credential changes the spec does not give (chosen). */
export const partnerProfileMessages = {
  passwordNeeded: 'Enter your current password to change your email or PayPal email',
  linkSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  confirmed: (email: string) => `Your email address is now ${email}.`,
  linkExpired: 'This email confirmation link has expired or has already been used.',
} as const;

/** `/partner/email/confirm`: the token of the link mailed to the new address. */
export const partnerEmailConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** `/partner/updatePartnerPassword`. */
export const changePasswordSchema = z.object({
  currentPassword: schemas.currentPassword,
  newPassword: schemas.newPassword,
  confirmPassword: schemas.confirmPassword,
});

/** `/partner/forgotPasswordLink`: a Partner ID or the e-mail address. */
export const forgotPasswordSchema = z.object({
  emailId: field((value) => (value.trim() === '' ? messages['email.required'] : null)).pipe(
    z.string().max(80, messages['email.invalid']),
  ),
});

/** `/partner/resetpartner_password`. */
export const resetPasswordSchema = z.object({
  token: z.string().trim().max(100).prefault(''),
  newPassword: schemas.newPassword,
  confirmPassword: schemas.confirmPassword,
});

/** `/partner/partnerCancelAccount`: the password confirms the cancellation. */
export const cancelAccountSchema = z.object({ password: schemas.password });

export const messageResultSchema = z.object({ message: z.string() });
