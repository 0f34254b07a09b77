/**
 * The address book decider: add (at most ADDRESS_BOOK_LIMIT), update and remove the shopper's own addresses; one
 * default at most (an address saved as default takes the flag from the former one). The form was validated at the
 * edge (domain/rules/address.rule.ts) and its region checked against the division data before a command is made.
 */
import type { DecideContext, Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { ADDRESS_BOOK_LIMIT, type AddressBookEvent, type AddressFields } from './address-book.events';

export interface AddressEntry extends AddressFields { receiveId: number }

export interface AddressBookState {
  /** In the order they were added. */
  readonly addresses: ReadonlyMap<number, AddressEntry>;
  readonly defaultId: number | null;
}

export type AddressBookCommand =
  | { type: 'AddAddress'; data: { userId: number; receiveId: number; fields: AddressFields } }
  | { type: 'UpdateAddress'; data: { userId: number; receiveId: number; fields: AddressFields } }
  | { type: 'RemoveAddress'; data: { userId: number; receiveId: number } };

function recorded(state: AddressBookState, entry: AddressEntry): AddressBookState {
  const addresses = new Map(state.addresses);
  let defaultId = state.defaultId;
  if (entry.defult) {
    const former = defaultId === null || defaultId === entry.receiveId ? undefined : addresses.get(defaultId);
    if (former) addresses.set(former.receiveId, { ...former, defult: false });
    defaultId = entry.receiveId;
  } else if (defaultId === entry.receiveId) {
    defaultId = null;
  }
  addresses.set(entry.receiveId, entry);
  return { addresses, defaultId };
}

function evolve(state: AddressBookState, event: AddressBookEvent): AddressBookState {
  switch (event.type) {
    case 'AddressAdded':
    case 'AddressUpdated': {
      const { userId: _userId, ...entry } = event.data;
      return recorded(state, entry);
    }
    case 'AddressRemoved': {
      const addresses = new Map(state.addresses);
      addresses.delete(event.data.receiveId);
      return { addresses, defaultId: state.defaultId === event.data.receiveId ? null : state.defaultId };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

const sameFields = (a: AddressFields, b: AddressFields): boolean =>
  a.receiveName === b.receiveName && a.receivePhone === b.receivePhone && a.receiveAdress === b.receiveAdress
  && a.address === b.address && a.label === b.label && a.defult === b.defult;

function decide(command: AddressBookCommand, state: AddressBookState, _context: DecideContext): AddressBookEvent[] {
  const { userId, receiveId } = command.data;
  switch (command.type) {
    case 'AddAddress': {
      // an id handed out twice would merge two addresses: answer it as a clash to retry
      if (state.addresses.has(receiveId)) fail('concurrency');
      if (state.addresses.size >= ADDRESS_BOOK_LIMIT) fail('addressBookFull');
      return [{ type: 'AddressAdded', data: { userId, receiveId, ...command.data.fields } }];
    }
    case 'UpdateAddress': {
      const current = state.addresses.get(receiveId);
      if (!current) return fail('addressNotFound');
      if (sameFields(current, command.data.fields)) return [];
      return [{ type: 'AddressUpdated', data: { userId, receiveId, ...command.data.fields } }];
    }
    case 'RemoveAddress': {
      if (!state.addresses.has(receiveId)) fail('addressNotFound');
      return [{ type: 'AddressRemoved', data: { userId, receiveId } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const addressBookDecider: Decider<AddressBookCommand, AddressBookEvent, AddressBookState> = {
  initialState: { addresses: new Map(), defaultId: null },
  evolve,
  decide,
};
