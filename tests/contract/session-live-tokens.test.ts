/**
 * Which of many sessions are still live, in one statement (services/identity/session-store.ts liveTokens): what the
 * websocket route asks about its open sockets, so a socket whose session logged out or expired drops its
 * subscriptions (DESIGN.md §9). On PGlite and PostgreSQL.
 */
import type { Database } from '../../services/db/database';
import { createSessionStore, type SessionStore } from '../../services/identity/session-store';
import { onEachDatabase } from '../support/backends';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const DAY = 24 * 3600_000;

function liveTokensContract(open: () => Promise<Database>) {
  let sessions: SessionStore;
  beforeAll(async () => { sessions = await createSessionStore(await open()); });

  it('answers the live ones: not the logged out, not the expired, not unknown or malformed tokens', async () => {
    const [kept, loggedOut, expiring] = [await sessions.create(1, 7, NOW), await sessions.create(2, 7, NOW), await sessions.create(3, 1, NOW)];
    await sessions.revoke(loggedOut);
    const later = new Date(NOW.getTime() + DAY + 1000);
    const asked = [kept, loggedOut, expiring, '9'.repeat(32), 'not-a-token'];
    expect(await sessions.liveTokens(asked, NOW)).toEqual(new Set([kept, expiring]));
    expect(await sessions.liveTokens(asked, later)).toEqual(new Set([kept]));
    expect(await sessions.liveTokens([], NOW)).toEqual(new Set());
  });
}

onEachDatabase('session_live', (backend, open) => describe(`live sessions (${backend})`, () => liveTokensContract(open)));
