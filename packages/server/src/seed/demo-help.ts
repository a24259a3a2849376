import { seedHelpText } from '../modules/help/help.service';
import type { Executor } from '../platform/db/client';

/**
 * Help the demo company wrote itself, as its administrator would in Admin → Help: how this company
 * works on the screen, over Karm's general built-in text.
 */
const DEMO_HELP_TEXTS = [
  {
    screen: 'projects',
    locale: 'en',
    markdown: `## Projects at Demo Dør & Vindu

**Our routine**

1. The salesperson converts the won offer; the project then has its customer, lines and project
   manager.
2. The project manager sets the **delivery date** the same day, so production sees the project in
   *Project control*.
3. Fill in **Contact on site** and the **installation staff** before the work order is printed.
4. Archive a project only when the last invoice is paid, and write why.

Questions about a project's value: ask the office (Anne, ext. 201).`,
  },
  {
    screen: 'projects',
    locale: 'nb',
    markdown: `## Prosjekter hos Demo Dør & Vindu

**Slik gjør vi det**

1. Selgeren gjør det vunne tilbudet om til prosjekt; da har prosjektet kunde, linjer og
   prosjektleder.
2. Prosjektlederen setter **leveringsdatoen** samme dag, så produksjonen ser prosjektet i
   *Prosjektkontroll*.
3. Fyll ut **kontakt på byggeplassen** og **montasjebemanning** før arbeidsordren skrives ut.
4. Arkiver et prosjekt først når siste faktura er betalt, og skriv hvorfor.

Spørsmål om verdien på et prosjekt: spør kontoret (Anne, linje 201).`,
  },
  {
    screen: 'projectControl',
    locale: 'nb',
    markdown: `## Prosjektkontroll hos Demo Dør & Vindu

- Produksjonen går gjennom rutenettet **hver mandag kl. 08.00** og merker det som er ferdig.
- Røde ruter tas opp på morgenmøtet samme dag.
- Skriv en **kommentar** i ruten når noe er bestilt, men ikke kommet, så montasje ser det.`,
  },
] as const;

export const seedDemoHelpTexts = async (db: Executor, companyId: string, adminUserId: string) => {
  for (const text of DEMO_HELP_TEXTS) await seedHelpText(db, { ...text, companyId, userId: adminUserId });
};
