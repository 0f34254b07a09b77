import { userDecider, type RegisterUser } from '../../../domain/identity/user.decider';
import { USER_REGISTERED, type UserEvent } from '../../../domain/identity/user.events';
import { fold } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';

const now = new Date('2025-03-01T08:00:00.000Z');
const register: RegisterUser = {
  type: 'RegisterUser', userId: 10001, phone: '13800138000', name: 'MJ01234', headImage: '/api/app/avatar/10001.svg',
};
const registered: UserEvent = {
  type: USER_REGISTERED,
  data: { userId: 10001, phone: '13800138000', name: 'MJ01234', headImage: '/api/app/avatar/10001.svg', registeredAt: now.toISOString() },
};

describe('a phone nobody registered', () => {
  it('registers: UserRegistered with the id, phone, name, avatar and the time', () => {
    const events = userDecider.decide(register, userDecider.initialState, { now });
    expect(events).toEqual([registered]);
  });
});

describe('a registered user', () => {
  const state = fold(userDecider, [registered]);

  it('is registered with the profile of the event', () => {
    expect(state).toEqual({
      status: 'registered',
      profile: { userId: 10001, phone: '13800138000', name: 'MJ01234', headImage: '/api/app/avatar/10001.svg', sex: '', birthday: '' },
      registeredAt: now.toISOString(),
    });
  });

  it('refuses a second registration with 21002 用户已注册', () => {
    const decide = () => userDecider.decide(register, state, { now });
    expect(decide).toThrow(DomainError);
    expect(decide).toThrow('用户已注册');
  });
});
