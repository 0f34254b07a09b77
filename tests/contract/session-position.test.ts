/**
 * The session's last written position (services/identity/session-store.ts, DESIGN.md §6) on PGlite and PostgreSQL:
 * read with the session, merged per stream on remember, and on forget only the entries not written again meanwhile
 * go away.
 */
import type { Database } from '../../services/db/database';
import { createSessionStore, type PendingWrite, type SessionStore } from '../../services/identity/session-store';
import { describeIfPostgres, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const write = (revision: number, position: string): PendingWrite => ({ revision, type: 'AddressAdded', position, projections: ['addresses'] });

function sessionPositionContract(open: () => Promise<Database>) {
  let sessions: SessionStore;
  beforeAll(async () => { sessions = await createSessionStore(await open()); });

  it('has no position until a write is remembered', async () => {
    const token = await sessions.create(1, 1, NOW);
    expect(await sessions.resolveSession(token, NOW)).toEqual({ userId: 1, position: null });
  });

  it('keeps the newest write per stream', async () => {
    const token = await sessions.create(2, 1, NOW);
    await sessions.remember(token, { 'address-book-2': write(0, '10/10') });
    await sessions.remember(token, { 'address-book-2': write(1, '12/12'), 'cart-2': write(4, '11/11') });
    expect((await sessions.resolveSession(token, NOW))?.position)
      .toEqual({ 'address-book-2': write(1, '12/12'), 'cart-2': write(4, '11/11') });
    await sessions.remember(token, { 'cart-2': write(3, '9/9') }); // an older request answering late
    expect((await sessions.resolveSession(token, NOW))?.position?.['cart-2']).toEqual(write(4, '11/11'));
  });

  it('forgets what was applied and keeps a write made again meanwhile', async () => {
    const token = await sessions.create(3, 1, NOW);
    const seen = { 'address-book-3': write(0, '10/10'), 'cart-3': write(4, '11/11') };
    await sessions.remember(token, seen);
    await sessions.remember(token, { 'cart-3': write(5, '13/13') });
    await sessions.forget(token, seen);
    expect((await sessions.resolveSession(token, NOW))?.position).toEqual({ 'cart-3': write(5, '13/13') });
    await sessions.forget(token, { 'cart-3': write(5, '13/13') });
    expect((await sessions.resolveSession(token, NOW))?.position).toBeNull();
  });
}

describe('the session position (pglite)', () => sessionPositionContract(sharedPGlite));

describeIfPostgres('the session position (postgres)', () => {
  let fresh: FreshPostgres | null = null;
  afterAll(async () => fresh?.drop());
  sessionPositionContract(async () => {
    fresh = await freshPostgres('session_position');
    if (!fresh) throw new Error('DATABASE_URL not set');
    return fresh.db;
  });
});
