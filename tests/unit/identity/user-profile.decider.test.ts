import { userDecider } from '../../../domain/identity/user.decider';
import type { UserEvent } from '../../../domain/identity/user.events';
import { UpdateProfileForm } from '../../../domain/identity/user-profile.rule';
import { given, rejectionOf } from '../support/decider-spec';

// 2025-03-01 16:30 UTC is already 2025-03-02 in Shanghai
const now = new Date('2025-03-01T16:30:00.000Z');
const registered: UserEvent = { type: 'UserRegistered', data: {
  userId: 10001, phone: '13800138000', name: 'MJ01234', headImage: '/api/app/avatar/10001.svg', registeredAt: now.toISOString() } };
const profile = { name: '小王', sex: '男' as const, birthday: '1990-05-01', headImage: '/images/upload/me.png' };
const user = (...history: UserEvent[]) => given(userDecider, history);

describe('a registered shopper editing 个人信息', () => {
  it('records the whole profile as saved', () => {
    expect(user(registered).when({ type: 'UpdateProfile', profile }, now).events).toEqual([
      { type: 'UserProfileUpdated', data: { userId: 10001, ...profile } }]);
  });

  it('records nothing when nothing changed', () => {
    const saved: UserEvent = { type: 'UserProfileUpdated', data: { userId: 10001, ...profile } };
    expect(user(registered, saved).when({ type: 'UpdateProfile', profile }, now).events).toEqual([]);
  });

  it('takes today in Shanghai as a birthday and refuses the day after', () => {
    expect(user(registered).when({ type: 'UpdateProfile', profile: { ...profile, birthday: '2025-03-02' } }, now).events).toHaveLength(1);
    expect(rejectionOf(user(registered).when({ type: 'UpdateProfile', profile: { ...profile, birthday: '2025-03-03' } }, now)))
      .toEqual({ code: '21101', message: '生日不能晚于今天' });
  });
});

describe('a registered shopper changing phone', () => {
  it('records the new phone with the previous one', () => {
    expect(user(registered).when({ type: 'ChangePhone', phone: '13900139000' }, now).events).toEqual([
      { type: 'UserPhoneChanged', data: { userId: 10001, previousPhone: '13800138000', phone: '13900139000' } }]);
  });

  it('refuses the phone it already has', () => {
    expect(rejectionOf(user(registered).when({ type: 'ChangePhone', phone: '13800138000' }, now))?.code).toBe('21102');
  });

  it('folds the new phone and profile into the account', () => {
    const history: UserEvent[] = [registered, { type: 'UserPhoneChanged', data: { userId: 10001, previousPhone: '13800138000', phone: '13900139000' } },
      { type: 'UserProfileUpdated', data: { userId: 10001, ...profile } }];
    const { state } = user(...history);
    expect(state.status === 'registered' && state.profile).toEqual(expect.objectContaining({ phone: '13900139000', ...profile }));
  });
});

describe('nobody registered', () => {
  it('can neither edit a profile nor change a phone', () => {
    expect(rejectionOf(user().when({ type: 'UpdateProfile', profile }, now))?.code).toBe('21001');
    expect(rejectionOf(user().when({ type: 'ChangePhone', phone: '13900139000' }, now))?.code).toBe('21001');
  });
});

describe('the profile form rule', () => {
  it('names the field in each message', () => {
    const message = (input: Record<string, unknown>) => UpdateProfileForm.safeParse({ ...profile, ...input }).error?.issues[0].message;
    expect(message({ sex: '未知' })).toBe('性别只能是男或女');
    expect(message({ birthday: '2023-02-29' })).toBe('生日格式应为yyyy-MM-dd');
    expect(message({ name: '' })).toBe('昵称不能为空');
    expect(message({})).toBeUndefined();
  });
});
