/** Development SMS: nothing leaves the machine; the code goes to the log and to the outbox ops reads. */
import type { Database } from '../db/database';
import { appendToOutbox, migrateSmsOutbox } from './sms-outbox';
import { smsCodeText, type SmsProvider } from './sms-provider';

export async function createDevelopmentSmsProvider(db: Database, log: (line: string) => void): Promise<SmsProvider> {
  await migrateSmsOutbox(db);
  return {
    kind: 'development',
    async sendCode(message) {
      const text = smsCodeText(message);
      await appendToOutbox(db, message.phone, message.code, text, message.sentAt);
      log(`[sms] to ${message.phone}: ${text}`);
    },
  };
}
