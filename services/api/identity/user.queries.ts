/** Reads of the users read model (projections/users) for `GET /user/getUser`. */
import type { Queryable } from '../../db/database';
import { countUnread } from '../notice/notice.queries';

/** Spec §3 user info, with the original API's id name. */
export interface UserInfoView {
  buyerUserId: number;
  name: string;
  /** 男 / 女, '' until the shopper says. */
  sex: string;
  /** yyyy-MM-dd, '' until the shopper says. */
  birthday: string;
  headImage: string;
  phone: string;
  notRead: number;
}

interface UserRow { user_id: string; name: string; sex: string; birthday: string; head_image: string; phone: string }

export async function findUserInfo(db: Queryable, userId: number): Promise<UserInfoView | null> {
  const { rows } = await db.query<UserRow>(
    `select user_id, name, sex, birthday, head_image, phone from users where user_id = $1`, [userId]);
  const row = rows[0];
  if (!row) return null;
  return {
    buyerUserId: Number(row.user_id),
    name: row.name,
    sex: row.sex,
    birthday: row.birthday,
    headImage: row.head_image,
    phone: row.phone,
    notRead: await countUnread(db, userId),
  };
}
