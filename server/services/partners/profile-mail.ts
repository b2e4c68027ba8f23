import type { Mailer } from '../mail';
import type { ProfileUpdateResult } from './profile';

interface MailContext {
  mailer: Mailer;
  productName: string;
  publicOrigin: string;
}

const fieldNames: Record<string, string> = {
  email: 'sign-in email address',
  paypal_email: 'PayPal email address for payouts',
};

/**
 * The mails a credential-like profile change sends: the link to the new sign-in address, and a
 * word to the current address about every such change, so a stolen session cannot move the
 * account or its payouts quietly.
 */
export async function mailProfileChanges(context: MailContext, result: ProfileUpdateResult) {
  const { mailer, productName, publicOrigin } = context;
  const hello = `Hello ${result.contactPerson},`.replace(' ,', ',');
  if (result.pendingEmail) {
    const link = `${publicOrigin}/rpc-app/partner/confirmEmail?token=${encodeURIComponent(result.pendingEmail.token)}`;
    await mailer.send({
      to: result.pendingEmail.address,
      subject: `Confirm your new ${productName} partner email address`,
      text: [
        hello,
        '',
        `Open this link within 24 hours to make this your ${productName} partner sign-in address (it works once):`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this email: nothing changes.',
      ].join('\n'),
    });
  }
  if (result.credentialFields.length === 0) return;
  const what = result.credentialFields.map((field) => fieldNames[field] ?? field).join(' and ');
  await mailer.send({
    to: result.currentEmail,
    subject: `Your ${productName} partner ${what} is changing`,
    text: [
      hello,
      '',
      result.pendingEmail
        ? `Someone signed in to your partner account asked to change its ${what} to ${result.pendingEmail.address}. It changes only when the link sent there is opened.`
        : `The ${what} of your partner account was changed.`,
      '',
      `If this was not you, change your password at ${publicOrigin}/partner/ and contact support.`,
    ].join('\n'),
  });
}
