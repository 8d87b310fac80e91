import type {
  TChangePasswordInput,
  TChangePasswordOutput,
  TEnable2faOutput,
  TLoginInput,
  TLoginOutput,
  TMessageOutput,
  TSignupInput,
  TSignupOutput,
  TStatusOutput,
  TTokenOutput,
  TVerify2faInput,
} from './schemas/auth.schema.js';
import type {
  TAccountSettingsOutput,
  TUpdateAccountSettingsInput,
  TUpdateAccountSettingsOutput,
} from './schemas/account.schema.js';
import type { TAdminUpdateUserBody, TAdminUser } from './schemas/admin.schema.js';
import type { TClientErrorReport } from './schemas/client-error.schema.js';
import type { TNotification } from './schemas/notification.schema.js';
import type { TPaidPlan, TSubscribeOutput } from './schemas/subscription.schema.js';

/** The caller's session as resolved from the bearer token (never the token itself). */
export interface SessionInfo {
  /** SHA-256 of the token: the session's id. */
  id: string;
  userId: number;
  username: string;
  kind: 'full' | 'temporary';
  purpose: '2fa_challenge' | '2fa_setup' | null;
  isAdmin: boolean;
  isOnboarded: boolean;
  expiresAt: Date;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuthService {
  signup(input: TSignupInput, meta: RequestMeta): Promise<TSignupOutput>;
  login(input: TLoginInput, meta: RequestMeta): Promise<TLoginOutput>;
  verify2fa(session: SessionInfo, input: TVerify2faInput, meta: RequestMeta): Promise<TTokenOutput>;
  enable2fa(session: SessionInfo, username: string, meta: RequestMeta): Promise<TEnable2faOutput>;
  refresh(session: SessionInfo): Promise<TTokenOutput>;
  status(session: SessionInfo): Promise<TStatusOutput>;
  onboardingStatus(session: SessionInfo): Promise<{ is_onboarded: boolean }>;
  logout(session: SessionInfo): Promise<TMessageOutput>;
  forgotPassword(email: string, meta: RequestMeta): Promise<TMessageOutput>;
  resetPassword(token: string, newPassword: string, meta: RequestMeta): Promise<TMessageOutput>;
  /** Checks the current password, ends every session of the user, returns a new one for the caller. */
  changePassword(session: SessionInfo, input: TChangePasswordInput): Promise<TChangePasswordOutput>;
  verifyEmail(token: string): Promise<TMessageOutput>;
  requestEmailVerification(session: SessionInfo): Promise<TMessageOutput>;
}

export interface AccountService {
  getSettings(userId: number): Promise<TAccountSettingsOutput>;
  updateSettings(
    userId: number,
    input: TUpdateAccountSettingsInput,
  ): Promise<TUpdateAccountSettingsOutput>;
}

export interface SubscriptionService {
  subscribe(userId: number, plan: TPaidPlan): Promise<TSubscribeOutput>;
}

export interface AdminService {
  listUsers(): Promise<TAdminUser[]>;
  updateUser(adminId: number, userId: number, patch: TAdminUpdateUserBody): Promise<TMessageOutput>;
  deleteUser(adminId: number, userId: number): Promise<TMessageOutput>;
  grantPlan(adminId: number, userId: number, plan: TPaidPlan): Promise<TMessageOutput>;
  listClientErrors(): Promise<
    {
      id: number;
      error_id: string;
      message: string;
      stack: string | null;
      url: string | null;
      user_agent: string | null;
      user_ref: string | null;
      user_id: number | null;
      error_count: number;
      created_at: string;
    }[]
  >;
  listMail(): Promise<
    { id: number; to: string; subject: string; text: string; status: string; created_at: string }[]
  >;
}

export interface ClientErrorService {
  report(input: TClientErrorReport, meta: RequestMeta): Promise<TMessageOutput>;
}

export interface NotificationService {
  list(userId: number): Promise<TNotification[]>;
  clear(userId: number): Promise<TMessageOutput>;
}

export interface Services {
  auth: AuthService;
  account: AccountService;
  subscription: SubscriptionService;
  admin: AdminService;
  clientErrors: ClientErrorService;
  notifications: NotificationService;
}

export interface Context {
  services: Services;
  /** Null when no bearer token was sent, or it is unknown, revoked or expired. */
  session: SessionInfo | null;
  /** Whether a bearer token was sent at all (to tell "expired" from "not signed in"). */
  tokenSent: boolean;
  meta: RequestMeta;
}
