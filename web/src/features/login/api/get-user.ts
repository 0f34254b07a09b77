import { api } from '../../../lib/api-client';

/** GET /user/getUser (spec §3 user info). */
export interface UserInfoResponse {
  buyerUserId: number;
  name: string;
  sex: string;
  birthday: string;
  headImage: string;
  phone: string;
  notRead: number;
}

export const getUser = (): Promise<UserInfoResponse> => api.get<UserInfoResponse>('/user/getUser');
