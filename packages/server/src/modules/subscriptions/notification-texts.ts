import type { Locale } from '@karm/domain/i18n';
import { formatDate } from '@karm/domain/rules';

/** What each kind of notification says, by the facts its event hands over (no text is stored in English only). */
export type NotificationFacts =
  | { kind: 'message'; from: string; text: string }
  | { kind: 'taskAssigned'; name: string; date: string; by: string }
  | { kind: 'deviationHandler'; number: number; title: string }
  | { kind: 'offerOverdue'; number: number; name: string; deadline: string }
  | { kind: 'syncFailed'; error: string };

export type NotificationText = { title: string; body: string };

const shorten = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const TEXTS: Record<Locale, (facts: NotificationFacts) => NotificationText> = {
  en: (facts) => {
    switch (facts.kind) {
      case 'message':
        return { title: `Message from ${facts.from}`, body: shorten(facts.text) };
      case 'taskAssigned':
        return {
          title: `New task: ${facts.name}`,
          body: `${facts.by} gave you a task for ${formatDate(facts.date)}.`,
        };
      case 'deviationHandler':
        return {
          title: `Deviation ${facts.number} is yours`,
          body: `You are the case handler of deviation ${facts.number}: ${facts.title}`,
        };
      case 'offerOverdue':
        return {
          title: `Offer ${facts.number} is past its deadline`,
          body: `${facts.name} — the deadline was ${formatDate(facts.deadline)}.`,
        };
      case 'syncFailed':
        return { title: 'Accounting sync failed', body: shorten(facts.error) };
    }
  },
  nb: (facts) => {
    switch (facts.kind) {
      case 'message':
        return { title: `Melding fra ${facts.from}`, body: shorten(facts.text) };
      case 'taskAssigned':
        return {
          title: `Ny oppgave: ${facts.name}`,
          body: `${facts.by} ga deg en oppgave for ${formatDate(facts.date)}.`,
        };
      case 'deviationHandler':
        return {
          title: `Avvik ${facts.number} er ditt`,
          body: `Du er saksbehandler for avvik ${facts.number}: ${facts.title}`,
        };
      case 'offerOverdue':
        return {
          title: `Tilbud ${facts.number} har passert fristen`,
          body: `${facts.name} — fristen var ${formatDate(facts.deadline)}.`,
        };
      case 'syncFailed':
        return { title: 'Synkronisering med regnskap feilet', body: shorten(facts.error) };
    }
  },
};

export const notificationText = (locale: Locale, facts: NotificationFacts) => TEXTS[locale](facts);

const FOOTER: Record<Locale, string> = {
  en: 'You receive this because you switched it on in Karm under Subscriptions:',
  nb: 'Du får denne fordi du slo den på i Karm under Abonnementer:',
};

/** One mail for one notification. */
export const immediateMail = (
  locale: Locale,
  text: NotificationText,
  link: string,
  settingsLink: string,
) => ({
  subject: `Karm: ${text.title}`,
  text: [text.body, '', link, '', '—', FOOTER[locale], settingsLink].join('\n'),
});

const DIGEST_SUBJECT: Record<Locale, (count: number) => string> = {
  en: (count) => `Karm: your daily summary (${count} ${count === 1 ? 'notification' : 'notifications'})`,
  nb: (count) => `Karm: dagens sammendrag (${count} ${count === 1 ? 'varsel' : 'varsler'})`,
};

/** The daily digest: every notification since the last one, oldest first. */
export const digestMail = (
  locale: Locale,
  items: readonly { title: string; body: string; url: string }[],
  settingsLink: string,
) => ({
  subject: DIGEST_SUBJECT[locale](items.length),
  text: [
    ...items.flatMap((item) => [`• ${item.title}`, `  ${item.body}`, `  ${item.url}`, '']),
    '—',
    FOOTER[locale],
    settingsLink,
  ].join('\n'),
});
