/** Read model of shoppers (user info, names and avatars shown next to reviews, questions and group members). */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { USER_REGISTERED, UserRegistered } from '../../domain/identity/user.events';
import type { Projection } from '../runner/projection';

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: [USER_REGISTERED],
  tables: ['users'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.users (
        user_id bigint primary key,
        phone text not null,
        name text not null,
        sex text not null default '',
        birthday text not null default '',
        head_image text not null,
        registered_at timestamptz not null
      )`);
    await tx.query(`create index if not exists users_phone on ${schema}.users (phone)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    if (event.type !== USER_REGISTERED) return;
    const user = UserRegistered.parse(event.data);
    await tx.query(
      `insert into ${schema}.users (user_id, phone, name, head_image, registered_at)
       values ($1, $2, $3, $4, $5)
       on conflict (user_id) do nothing`,
      [user.userId, user.phone, user.name, user.headImage, user.registeredAt],
    );
  },
};
