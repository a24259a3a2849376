import { messageSendSchema } from '@karm/domain/contract';
import { inArray } from 'drizzle-orm';
import { users } from '../modules/auth/auth.tables';
import { readMessage, sendMessage } from '../modules/messages/messages.service';
import { type AppContext, administrativeActor } from '../platform/context';

/**
 * The demo's internal messages: the everyday notes between the office, the workshop and the field,
 * sent and read through the messages module's own use cases. Some are read, most wait unread, so
 * the header's count and the compact list show something at once.
 */
const MESSAGES = [
  {
    from: 'admin',
    to: { kind: 'everyone' },
    message:
      'Julebord fredag 11. desember kl. 18 på Bryggen. Si fra til Tove innen fredag om du blir med og om du har allergier.',
    readBy: ['ola', 'tove'],
  },
  {
    from: 'kari',
    to: { kind: 'users', users: ['ola'] },
    message:
      'Kunden på Lørenskog skole ringte: de vil ha de to branndørene i uke 50 i stedet for uke 51. Går det i verkstedet?',
    readBy: [],
  },
  {
    from: 'ola',
    to: { kind: 'workGroup', workGroup: 'montasje' },
    message: 'Karmene til Kontorbygg Økern er ferdige og står klare på rampe 2 fra i morgen kl. 07.',
    readBy: ['lars'],
  },
  {
    from: 'lars',
    to: { kind: 'users', users: ['kari', 'admin'] },
    message:
      'Bilen til montasje har fått ny dekk og er tilbake fra verkstedet. Kjøreboka ligger i hanskerommet.',
    readBy: ['admin'],
  },
  {
    from: 'sofie',
    to: { kind: 'users', users: ['kari'] },
    message:
      'Service hos Amfi Drammen er gjort. Automatikken på inngang B må byttes – jeg skriver avvik og tilbud i morgen.',
    readBy: [],
  },
  {
    from: 'kari',
    to: { kind: 'workGroup', workGroup: 'service' },
    message: 'Husk å ta bilder av alle servicepunkter, også de som er OK. Kunden ber om det i rapporten. 📸',
    readBy: ['erik'],
  },
] as const;

export const seedDemoMessages = async (ctx: AppContext, companyId: string) => {
  const names = [
    ...new Set(
      MESSAGES.flatMap((entry) => [
        entry.from,
        ...entry.readBy,
        ...('users' in entry.to ? entry.to.users : []),
      ]),
    ),
  ];
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const idOf = new Map(rows.map((row) => [row.username, row.id]));
  const id = (username: string) => {
    const found = idOf.get(username);
    if (!found) throw new Error(`Demo user ${username} is missing`);
    return found;
  };
  for (const entry of MESSAGES) {
    const to = 'users' in entry.to ? { kind: 'users' as const, userIds: entry.to.users.map(id) } : entry.to;
    const sent = await sendMessage(
      ctx,
      administrativeActor(companyId, id(entry.from), 'demo-seed'),
      messageSendSchema.parse({ message: entry.message, to }),
    );
    for (const reader of entry.readBy) {
      await readMessage(ctx, administrativeActor(companyId, id(reader), 'demo-seed'), { id: sent.id });
    }
  }
};
