/**
 * Read model of shoppers (user info, names and avatars shown next to reviews, questions and group members). Applied
 * set-based: a batch's registrations in one statement, then per user only its last profile and its last phone — a
 * user's stream registers before anything else, and profile and phone touch different columns.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import {
  USER_PHONE_CHANGED, USER_PROFILE_UPDATED, USER_REGISTERED, UserPhoneChanged, UserProfileUpdated, UserRegistered,
} from '../../domain/identity/user.events';
import type { Projection } from '../runner/projection';

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: [USER_REGISTERED, USER_PROFILE_UPDATED, USER_PHONE_CHANGED],
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
  apply: (tx, event, schema) => applyUsers(tx, [event], schema),
  applyBatch: applyUsers,
};

/** The last item per user: later events of a user replace earlier ones of the batch. */
const lastPerUser = <T extends { userId: number }>(items: T[]): T[] => [...new Map(items.map((i) => [i.userId, i])).values()];

async function applyUsers(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const registered = events.filter((e) => e.type === USER_REGISTERED).map((e) => UserRegistered.parse(e.data));
  const profiles = lastPerUser(events.filter((e) => e.type === USER_PROFILE_UPDATED).map((e) => UserProfileUpdated.parse(e.data)));
  const phones = lastPerUser(events.filter((e) => e.type === USER_PHONE_CHANGED).map((e) => UserPhoneChanged.parse(e.data)));
  if (registered.length > 0) {
    await tx.query(
      `insert into ${schema}.users (user_id, phone, name, head_image, registered_at)
       select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
       on conflict (user_id) do nothing`,
      [registered.map((u) => u.userId), registered.map((u) => u.phone), registered.map((u) => u.name),
        registered.map((u) => u.headImage), registered.map((u) => u.registeredAt)],
    );
  }
  if (profiles.length > 0) {
    await tx.query(
      `update ${schema}.users u set name = p.name, sex = p.sex, birthday = p.birthday, head_image = p.head_image
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[]) as p(user_id, name, sex, birthday, head_image)
       where u.user_id = p.user_id`,
      [profiles.map((p) => p.userId), profiles.map((p) => p.name), profiles.map((p) => p.sex),
        profiles.map((p) => p.birthday), profiles.map((p) => p.headImage)],
    );
  }
  if (phones.length > 0) {
    await tx.query(
      `update ${schema}.users u set phone = p.phone
       from unnest($1::bigint[], $2::text[]) as p(user_id, phone) where u.user_id = p.user_id`,
      [phones.map((p) => p.userId), phones.map((p) => p.phone)],
    );
  }
}
