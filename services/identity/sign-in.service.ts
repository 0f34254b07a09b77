/**
 * SMS sign-in (spec §4 Login, origin-contract §2): request a code; register (type 1) or log in (type 2) with it.
 * Login never registers. The code is checked first (wrong tries count towards the lock), then the account rule
 * (21001 / 21002) — which leaves the code unspent, so the shopper can switch mode and use it — and it is spent
 * only by the sign-in that succeeds. Registration appends `UserRegistered` and waits for the users read model.
 */
import { smsCodes } from '../metrics/edge-metrics';
import { SMS_CODE_POLICY } from '../../domain/identity/sms-code.policy';
import { fold } from '../../domain/shared/decider';
import { fail } from '../../domain/shared/errors';
import { userDecider, type UserState } from '../../domain/identity/user.decider';
import { userStream, type UserEvent } from '../../domain/identity/user.events';
import type { WaitFor } from '../../projections/runner/wait-for';
import { handleCommand } from '../commands/handle-command';
import { toDomainEvent } from '../commands/command-events';
import type { EventStore } from '../event-store/event-store.port';
import type { SmsProvider } from '../sms/sms-provider';
import { defaultAvatarUrl, newSmsCode, newUserName } from './new-account';
import type { PhoneRegistry } from './phone-registry';
import type { SessionStore } from './session-store';
import type { SmsCodeStore } from './sms-code-store';
import { phoneLockMessage } from './sms-guard';

/** 11009 with how long the lock of `client` for the phone has left. */
export async function failPhoneLocked(codes: SmsCodeStore, phone: string, now: Date, client: string): Promise<never> {
  const until = await codes.phoneLockedUntil(phone, now, client);
  return fail('smsPhoneLocked', until ? phoneLockMessage(until, now) : undefined);
}

export interface SignInDeps {
  store: EventStore;
  codes: SmsCodeStore;
  phones: PhoneRegistry;
  sessions: SessionStore;
  sms: SmsProvider;
  waitFor: WaitFor;
  clock: () => Date;
}

export interface Account { userId: number; phone: string; name: string; headImage: string }

export interface SignInRequest {
  phone: string;
  verificationCode: string;
  /** 1 register, 2 log in. */
  type: 1 | 2;
  /** 七天免登录: a 7-day session instead of 1 day. */
  sevenDays?: boolean;
}

export interface SignedIn { token: string; account: Account }

type Registered = Extract<UserState, { status: 'registered' }>;

const accountOf = (state: Registered): Account => {
  const { userId, phone, name, headImage } = state.profile;
  return { userId, phone, name, headImage };
};

export function createSignInService(deps: SignInDeps) {
  const { store, codes, phones, sessions } = deps;

  const readUser = async (userId: number): Promise<UserState> =>
    fold(userDecider, (await store.readStream(userStream(userId))).map((event) => toDomainEvent<UserEvent>(event)));

  const registeredUnder = async (phone: string): Promise<Registered | null> => {
    const userId = await phones.lookup(phone);
    const state = userId === null ? null : await readUser(userId);
    return state?.status === 'registered' ? state : null;
  };

  /** Registers `phone` once, however many callers race: the loser answers 21002. */
  async function registerAccount(phone: string, now: Date): Promise<Account> {
    const userId = await phones.claim(phone, now);
    const result = await handleCommand({
      store,
      streamId: userStream(userId),
      decider: userDecider,
      command: { type: 'RegisterUser', userId, phone, name: newUserName(), headImage: defaultAvatarUrl(userId) },
      now,
      actor: { kind: 'user', id: String(userId) },
      retryOnConflict: true,
    });
    await deps.waitFor(result);
    if (result.state.status !== 'registered') throw new Error(`user ${userId} not registered after RegisterUser`);
    return accountOf(result.state);
  }

  return {
    registerAccount,

    /** `client`: the asking client's address, for the per-client send limit. */
    async requestCode(phone: string, client: string): Promise<void> {
      const now = deps.clock();
      const code = newSmsCode();
      const verdict = await codes.issue(phone, code, now, client);
      smsCodes.inc({ result: verdict });
      if (verdict === 'phoneLocked') await failPhoneLocked(codes, phone, now, client);
      if (verdict === 'tooFrequent') fail('smsCodeTooFrequent');
      if (verdict === 'clientLimited') fail('smsClientTooFrequent');
      if (verdict === 'busy') fail('smsSendingBusy');
      try {
        await deps.sms.sendCode({ phone, code, validMinutes: SMS_CODE_POLICY.validForMs / 60_000, sentAt: now });
      } catch (error) {
        smsCodes.inc({ result: 'send-failed' });
        await codes.withdraw(phone, code);
        throw error;
      }
    },

    /** `client`: the signing-in client's address, for its own wrong-try budget. */
    async signIn(request: SignInRequest, client: string): Promise<SignedIn> {
      const now = deps.clock();
      const { phone, verificationCode } = request;
      const verdict = await codes.check(phone, verificationCode, now, client);
      if (verdict === 'phoneLocked') await failPhoneLocked(codes, phone, now, client);
      if (verdict === 'locked') fail('smsCodeLocked');
      if (verdict === 'invalid') fail('smsCodeInvalid');

      const existing = await registeredUnder(phone);
      if (request.type === 1 && existing) fail('userAlreadyRegistered');
      if (request.type === 2 && !existing) fail('userNotRegistered');
      if (!(await codes.consume(phone, verificationCode, now, client))) fail('smsCodeInvalid');

      const account = existing ? accountOf(existing) : await registerAccount(phone, now);
      const token = await sessions.create(account.userId, request.sevenDays ? 7 : 1, now);
      return { token, account };
    },

    async signOut(token: string): Promise<void> {
      await sessions.revoke(token);
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
