/** `npm run ops -- sms <phone>` output: the code first, so scripts can take the first word. */
export const formatSmsCode = (phone: string, sent: { code: string; sentAt: string }): string =>
  `${sent.code}  (sent to ${phone} at ${sent.sentAt}, valid 5 minutes)`;
