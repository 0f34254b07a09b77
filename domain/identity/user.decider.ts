/**
 * The shopper account (stream `user-<userId>`): a phone registers once; the shopper edits the profile; a phone change
 * binds another number. Ids, names and avatars are chosen by the caller (the service allocates ids and draws the random
 * name); who else holds a phone is checked by the caller's phone registry: the decider guards this account's facts.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { shanghaiDate } from '../shared/time';
import {
  USER_PHONE_CHANGED, USER_PROFILE_UPDATED, USER_REGISTERED, type UserEvent, type UserProfileUpdated, type UserRegistered,
} from './user.events';

export interface RegisterUser {
  type: 'RegisterUser';
  userId: number;
  phone: string;
  name: string;
  headImage: string;
}

export interface UpdateProfile { type: 'UpdateProfile'; profile: Omit<UserProfileUpdated, 'userId'> }

export interface ChangePhone { type: 'ChangePhone'; phone: string }

export type UserCommand = RegisterUser | UpdateProfile | ChangePhone;

export interface UserProfile extends Omit<UserRegistered, 'registeredAt'> { sex: string; birthday: string }

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; profile: UserProfile; registeredAt: string };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'unregistered' },

  evolve(state, event) {
    switch (event.type) {
      case USER_REGISTERED: {
        const { registeredAt, ...profile } = event.data;
        return { status: 'registered', profile: { ...profile, sex: '', birthday: '' }, registeredAt };
      }
      case USER_PROFILE_UPDATED:
        return state.status === 'registered' ? { ...state, profile: { ...state.profile, ...event.data } } : state;
      case USER_PHONE_CHANGED:
        return state.status === 'registered' ? { ...state, profile: { ...state.profile, phone: event.data.phone } } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },

  decide(command, state, { now }) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') return fail('userAlreadyRegistered');
        const { userId, phone, name, headImage } = command;
        return [{ type: USER_REGISTERED, data: { userId, phone, name, headImage, registeredAt: now.toISOString() } }];
      }
      case 'UpdateProfile': {
        if (state.status !== 'registered') return fail('userNotRegistered');
        const { name, sex, birthday, headImage } = command.profile;
        // yyyy-MM-dd compares as text; "today" is the shopper's day in Asia/Shanghai
        if (birthday !== '' && birthday > shanghaiDate(now)) return fail('birthdayInFuture');
        const current = state.profile;
        if (current.name === name && current.sex === sex && current.birthday === birthday && current.headImage === headImage) return [];
        return [{ type: USER_PROFILE_UPDATED, data: { userId: current.userId, name, sex, birthday, headImage } }];
      }
      case 'ChangePhone': {
        if (state.status !== 'registered') return fail('userNotRegistered');
        if (state.profile.phone === command.phone) return fail('phoneUnchanged');
        return [{ type: USER_PHONE_CHANGED, data: { userId: state.profile.userId, previousPhone: state.profile.phone, phone: command.phone } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
