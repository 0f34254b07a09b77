/**
 * The shopper account (stream `user-<userId>`): a phone registers once. The id, name and avatar are chosen by the
 * caller (the service allocates ids and draws the random name); the decider only guards the fact.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { USER_REGISTERED, type UserEvent, type UserRegistered } from './user.events';

export interface RegisterUser {
  type: 'RegisterUser';
  userId: number;
  phone: string;
  name: string;
  headImage: string;
}

export type UserCommand = RegisterUser;

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; profile: Omit<UserRegistered, 'registeredAt'>; registeredAt: string };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'unregistered' },

  evolve(state, event) {
    switch (event.type) {
      case USER_REGISTERED: {
        const { registeredAt, ...profile } = event.data;
        return { status: 'registered', profile, registeredAt };
      }
      default: {
        const never: never = event.type;
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
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
