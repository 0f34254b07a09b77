import { api } from '../../../lib/api-client';

export interface LoginRequest {
  phone: string;
  verificationCode: string;
  /** 1 register, 2 log in. */
  type: 1 | 2;
  sevenDays: boolean;
}

export interface SignedIn {
  token: string;
  buyerUserId: number;
  phone: string;
  name: string;
  headImage: string;
}

/** POST /app/login (spec §7): register or log in with the SMS code; `data.token` is the session. */
export const login = (request: LoginRequest): Promise<SignedIn> => api.post<SignedIn>('/app/login', request);
