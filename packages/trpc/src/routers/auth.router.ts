import {
  ZChangePasswordInput,
  ZChangePasswordOutput,
  ZEnable2faInput,
  ZEnable2faOutput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZLoginOutput,
  ZMessageOutput,
  ZOnboardingOutput,
  ZResetPasswordInput,
  ZSignupInput,
  ZSignupOutput,
  ZStatusOutput,
  ZTokenOutput,
  ZVerify2faInput,
  ZVerifyEmailInput,
} from '@tradebot/api-contract';
import { authedProcedure, publicProcedure, router, tempTokenProcedure } from '../trpc.js';

export const authRouter = router({
  signup: publicProcedure
    .input(ZSignupInput)
    .output(ZSignupOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.signup(input, ctx.meta)),
  login: publicProcedure
    .input(ZLoginInput)
    .output(ZLoginOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.login(input, ctx.meta)),
  verify2fa: tempTokenProcedure('2fa_challenge')
    .input(ZVerify2faInput)
    .output(ZTokenOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.verify2fa(ctx.session, input, ctx.meta)),
  enable2fa: tempTokenProcedure('2fa_setup')
    .input(ZEnable2faInput)
    .output(ZEnable2faOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.auth.enable2fa(ctx.session, input.username, ctx.meta),
    ),
  refresh: authedProcedure
    .output(ZTokenOutput)
    .mutation(({ ctx }) => ctx.services.auth.refresh(ctx.session)),
  status: authedProcedure
    .output(ZStatusOutput)
    .query(({ ctx }) => ctx.services.auth.status(ctx.session)),
  onboardingStatus: authedProcedure
    .output(ZOnboardingOutput)
    .query(({ ctx }) => ctx.services.auth.onboardingStatus(ctx.session)),
  logout: authedProcedure
    .output(ZMessageOutput)
    .mutation(({ ctx }) => ctx.services.auth.logout(ctx.session)),
  forgotPassword: publicProcedure
    .input(ZForgotPasswordInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.forgotPassword(input.email, ctx.meta)),
  resetPassword: publicProcedure
    .input(ZResetPasswordInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.auth.resetPassword(input.token, input.new_password, ctx.meta),
    ),
  changePassword: authedProcedure
    .input(ZChangePasswordInput)
    .output(ZChangePasswordOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.changePassword(ctx.session, input)),
  verifyEmail: publicProcedure
    .input(ZVerifyEmailInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.verifyEmail(input.token)),
  requestEmailVerification: authedProcedure
    .output(ZMessageOutput)
    .mutation(({ ctx }) => ctx.services.auth.requestEmailVerification(ctx.session)),
});
