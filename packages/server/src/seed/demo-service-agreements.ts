import {
  priceIndexSchema,
  serviceAgreementCreateSchema,
  serviceVisitDoneSchema,
} from '@karm/domain/contract';
import { addDays, addMonths } from '@karm/domain/rules';
import { listServiceWorkers } from '../modules/employees/employees.service';
import { applyPriceIndex } from '../modules/service-agreements/price-index';
import { createAgreement } from '../modules/service-agreements/service-agreements.service';
import { completeVisit } from '../modules/service-agreements/service-visits';
import { listServiceItems } from '../modules/service-work/service-items.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';

/**
 * The demo service project's agreement: quarterly service of the shopping centre's automatic doors
 * by the service workers, two visits made (the second late, so the next one moved with it), the
 * next one due in under two weeks, and this year's price index applied.
 */
export const seedDemoServiceAgreements = async (
  ctx: AppContext,
  companyId: string,
  adminUserId: string,
  projectId: string,
) => {
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const today = todayIn(ctx.clock);
  const lastVisit = addDays(addMonths(today, -3), 12);
  const firstVisit = addDays(addMonths(lastVisit, -3), -9);
  const workers = await listServiceWorkers(ctx, actor);
  const items = await listServiceItems(ctx, actor, projectId);
  let agreement = await createAgreement(
    ctx,
    actor,
    serviceAgreementCreateSchema.parse({
      projectId,
      serviceWorkerIds: workers.slice(0, 2).map((worker) => worker.id),
      interval: 'quarterly',
      startDate: firstVisit,
      pricePerVisitOre: 485_000,
      pricePerYearOre: 1_940_000,
      itemIds: items.map((item) => item.id),
      contactName: 'Kari Bakken (driftssjef)',
      contactEmail: 'drift@storo-storsenter.no',
      contactPhone: '+47 22 02 40 00',
    }),
  );
  for (const [date, note] of [
    [firstVisit, 'Alle fire dører kontrollert. Sensor på varemottaket justert.'],
    [lastVisit, 'Byttet børstelister på hovedinngangen. Ellers i orden.'],
  ] as const) {
    agreement = await completeVisit(
      ctx,
      actor,
      agreement.id,
      serviceVisitDoneSchema.parse({ version: agreement.version, date, note }),
    );
  }
  await applyPriceIndex(ctx, actor, priceIndexSchema.parse({ percent: 3.1, date: today }));
};
