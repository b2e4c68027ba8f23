/**
 * The password rules only the server can enforce (spec section 5, "Rules the server enforces"),
 * as one pure function. The server does the hash comparisons itself (argon2 is async and lives in
 * server/) and passes their results in, so this module stays free of Node.
 */
import { messages } from './messages';
import { rules } from './rules';

export interface PasswordPolicyContext {
  readonly newPassword: string;
  /** Omit when the flow has no confirm field. */
  readonly confirmPassword?: string;
  /** The account's email address. */
  readonly email: string;
  /**
   * Domain names the password may not equal, e.g. the product's host name. Each also forbids its
   * name without "www." and without the top-level part ("example.com" forbids "example").
   */
  readonly domainNames?: readonly string[];
  /** The hash check of the entered current password; omit when the flow asks for none (reset). */
  readonly isCurrentPasswordValid?: boolean;
  /** The new password matches the current password's hash. */
  readonly isSameAsCurrent?: boolean;
  /** The new password matches one of the recently used passwords' hashes. */
  readonly isRecentlyUsed?: boolean;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export interface PasswordViolation {
  readonly field: PasswordField;
  readonly message: string;
}

function forbiddenDomainWords(domainNames: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const raw of domainNames) {
    const domain = raw
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
    if (domain === '') continue;
    words.add(domain);
    const withoutTld = domain.replace(/\.[^.]+$/, '');
    if (withoutTld !== '') words.add(withoutTld);
  }
  return words;
}

/**
 * The first rule the new password breaks, with the field the form should mark, or null.
 * Order: the shape rules of section 5, confirm, the current password, then the section-8 rules in
 * the order the spec lists them (same as current, email, "password", domain), and last "recently
 * used", which would otherwise also match a password equal to the current one.
 */
export function passwordPolicyViolation(context: PasswordPolicyContext): PasswordViolation | null {
  const newPassword = context.newPassword.trim();
  const shape = rules.newPassword(newPassword);
  if (shape !== null) return { field: 'newPassword', message: shape };

  if (context.confirmPassword !== undefined) {
    const confirm = context.confirmPassword.trim();
    const confirmShape = rules.confirmPassword(confirm);
    if (confirmShape !== null) return { field: 'confirmPassword', message: confirmShape };
    if (confirm !== newPassword) {
      return { field: 'confirmPassword', message: messages['password.confirm.mismatch'] };
    }
  }

  if (context.isCurrentPasswordValid === false) {
    return { field: 'currentPassword', message: messages['current.password.invalid'] };
  }
  if (context.isSameAsCurrent === true) {
    return { field: 'newPassword', message: messages['password.same.as.current'] };
  }

  // Emails, the word "password" and domain names are compared without regard to case.
  const lowered = newPassword.toLowerCase();
  if (lowered === context.email.trim().toLowerCase()) {
    return { field: 'newPassword', message: messages['password.same.as.email'] };
  }
  if (lowered === 'password') {
    return { field: 'newPassword', message: messages['password.is.password'] };
  }
  if (forbiddenDomainWords(context.domainNames ?? []).has(lowered)) {
    return { field: 'newPassword', message: messages['password.is.domain'] };
  }
  if (context.isRecentlyUsed === true) {
    return { field: 'newPassword', message: messages['password.recently.used'] };
  }
  return null;
}

/** The message of `passwordPolicyViolation`, or null. */
export function checkPasswordPolicy(context: PasswordPolicyContext): string | null {
  return passwordPolicyViolation(context)?.message ?? null;
}
