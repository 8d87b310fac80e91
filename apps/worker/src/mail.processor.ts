import type { Services } from '@tradebot/core';
import type { JobAttempt } from '@tradebot/jobs';

/** The mail queue's processor: delivery itself is core's mail service (one service, three doors). */
export const mailProcessor =
  (services: Pick<Services, 'mail'>) => (job: { mailId: number }, attempt: JobAttempt) =>
    services.mail.deliver(job.mailId, attempt);
