import { type MailMessage, htmlMail } from '@core-vault/platform';

const CODE_STYLE = 'font:bold 28px/1.2 monospace;letter-spacing:6px;color:#111827';

/** The sign-in code e-mail. Only the digits vary; no user input is put into it. */
export function signInCodeMail(to: string, code: string, minutes: number): MailMessage {
  const subject = 'Your Core Vault verification code';
  return {
    to,
    subject,
    text:
      `Your Core Vault verification code is ${code}\n\n` +
      `Enter it on the sign-in page. It expires in ${minutes} minutes and works once.\n` +
      `If you did not try to sign in, change your password: someone knows it.`,
    html: htmlMail(subject, [
      'Your Core Vault verification code is:',
      `<span style="${CODE_STYLE}">${code}</span>`,
      `Enter it on the sign-in page. It expires in ${minutes} minutes and works once.`,
      'If you did not try to sign in, change your password: someone knows it.',
    ]),
  };
}

/** The password reset e-mail. */
export function resetCodeMail(to: string, code: string, minutes: number): MailMessage {
  const subject = 'Reset your Core Vault password';
  return {
    to,
    subject,
    text:
      `Your Core Vault password reset code is ${code}\n\n` +
      `Enter it with your new password. It expires in ${minutes} minutes and works once.\n` +
      `If you did not ask to reset your password, ignore this e-mail.`,
    html: htmlMail(subject, [
      'Your Core Vault password reset code is:',
      `<span style="${CODE_STYLE}">${code}</span>`,
      `Enter it with your new password. It expires in ${minutes} minutes and works once.`,
      'If you did not ask to reset your password, ignore this e-mail.',
    ]),
  };
}

/** The e-mail change code, sent to the NEW address: receiving it proves the address is the user's. */
export function emailChangeCodeMail(to: string, code: string, minutes: number): MailMessage {
  const subject = 'Confirm your new Core Vault email address';
  return {
    to,
    subject,
    text:
      `Your Core Vault email change code is ${code}\n\n` +
      `Enter it in your account settings. It expires in ${minutes} minutes and works once.\n` +
      `If you did not ask to use this address for Core Vault, ignore this e-mail.`,
    html: htmlMail(subject, [
      'Your Core Vault email change code is:',
      `<span style="${CODE_STYLE}">${code}</span>`,
      `Enter it in your account settings. It expires in ${minutes} minutes and works once.`,
      'If you did not ask to use this address for Core Vault, ignore this e-mail.',
    ]),
  };
}

/** The account deletion code: only someone who reads the account's mailbox can erase the account. */
export function accountDeletionCodeMail(to: string, code: string, minutes: number): MailMessage {
  const subject = 'Confirm deleting your Core Vault account';
  return {
    to,
    subject,
    text:
      `Your Core Vault account deletion code is ${code}\n\n` +
      `Entering it deletes your account, your artifacts and your subscription for good. ` +
      `It expires in ${minutes} minutes and works once.\n` +
      `If you did not ask to delete your account, change your password: someone is signed in as you.`,
    html: htmlMail(subject, [
      'Your Core Vault account deletion code is:',
      `<span style="${CODE_STYLE}">${code}</span>`,
      'Entering it deletes your account, your artifacts and your subscription for good. ' +
        `It expires in ${minutes} minutes and works once.`,
      'If you did not ask to delete your account, change your password: someone is signed in as you.',
    ]),
  };
}
