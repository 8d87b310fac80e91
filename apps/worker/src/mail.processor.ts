import type { Services } from '@tradebot/core';

/** The mail queue's processor: delivery itself is core's mail service (one service, three doors). */
export const mailProcessor = (services: Pick<Services, 'mail'>) => (job: { mailId: number }) =>
  services.mail.deliver(job.mailId);
