import { INVITATION_LINK_TTL_DAYS } from '@karm/domain/contract';
import { DEFAULT_LOCALE, type Locale } from '@karm/domain/i18n';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { UserRow } from '../auth/accounts.repository';
import { setPasswordLink, storeSetPasswordToken } from '../auth/password-reset.service';
import { userNamesByIds } from '../auth/users.repository';
import { getCompanyChoices } from '../company/company.service';

type InvitationFacts = {
  firstName: string;
  username: string;
  inviter: string;
  company: string;
  link: string;
  days: number;
};

/** The invitation in the invited person's language (one language: the admin chose it for them). */
const INVITATION_MAIL: Record<Locale, (facts: InvitationFacts) => { subject: string; text: string }> = {
  en: (facts) => ({
    subject: `Karm: you are invited to ${facts.company}`,
    text: [
      `Hello ${facts.firstName},`,
      '',
      `${facts.inviter} has made you a Karm account at ${facts.company}. Your username is ${facts.username}.`,
      `Open this link within ${facts.days} days to choose your password:`,
      facts.link,
      '',
      'Then sign in with your username (or this e-mail address) and the password you chose.',
    ].join('\n'),
  }),
  nb: (facts) => ({
    subject: `Karm: du er invitert til ${facts.company}`,
    text: [
      `Hei ${facts.firstName},`,
      '',
      `${facts.inviter} har laget en Karm-konto til deg i ${facts.company}. Brukernavnet ditt er ${facts.username}.`,
      `Åpne lenken innen ${facts.days} dager for å velge passordet ditt:`,
      facts.link,
      '',
      'Logg deretter inn med brukernavnet (eller denne e-postadressen) og passordet du valgte.',
    ].join('\n'),
  }),
};

/**
 * Stores a new invitation link for the user inside the caller's transaction (any older link stops
 * working) and returns its token, to be mailed once the transaction has committed.
 */
export const storeInvitationToken = (tx: Executor, userId: string, now: Date) =>
  storeSetPasswordToken(tx, userId, now, INVITATION_LINK_TTL_DAYS * 86_400_000);

/** Mails the invitation: who invited them, to which company, their username and the link. */
export const mailInvitation = async (ctx: AppContext, actor: Actor, user: UserRow, token: string) => {
  if (!user.email) return;
  const [inviters, [company]] = await Promise.all([
    userNamesByIds(ctx.db, [actor.userId]),
    getCompanyChoices(ctx.db, [actor.companyId]),
  ]);
  const compose = INVITATION_MAIL[user.profile.locale ?? DEFAULT_LOCALE];
  await ctx.mailer.send({
    to: user.email,
    userId: user.id,
    ...compose({
      firstName: user.firstName,
      username: user.username,
      inviter: inviters.get(actor.userId) ?? 'Karm',
      company: company?.name ?? 'Karm',
      // From configuration only, never from a request (see password-reset.service).
      link: setPasswordLink(ctx.config.publicUrl, token, 'invitation'),
      days: INVITATION_LINK_TTL_DAYS,
    }),
  });
};
