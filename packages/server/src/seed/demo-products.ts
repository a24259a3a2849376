import { expenseCreateSchema, productAddSchema } from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { createExpense } from '../modules/products/expenses.service';
import { addProduct } from '../modules/products/products.service';
import { listServiceItems } from '../modules/service-work/service-items.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';

/**
 * What a door and window company's service van carries, with its hours: Karm's own product list, at
 * its sales and cost prices (VAT 25 %, the default).
 */
const PRODUCTS = [
  {
    number: 'SEN-10',
    name: 'Radarsensor BEA Eagle One',
    unit: 'stk',
    priceOre: 1_890_00,
    costPriceOre: 1_180_00,
  },
  {
    number: 'SEN-22',
    name: 'Sikkerhetssensor BEA Ixio-DT1',
    unit: 'stk',
    priceOre: 2_450_00,
    costPriceOre: 1_560_00,
  },
  { number: 'BL-200', name: 'Børsteliste 200 cm', unit: 'stk', priceOre: 385_00, costPriceOre: 190_00 },
  { number: 'DL-4', name: 'Dørlukker Dorma TS 93', unit: 'stk', priceOre: 3_290_00, costPriceOre: 2_050_00 },
  {
    number: 'REM-1',
    name: 'Tannrem skyvedørsautomatikk',
    unit: 'stk',
    priceOre: 1_120_00,
    costPriceOre: 640_00,
  },
  {
    number: 'T-1',
    name: 'Servicetime montør',
    unit: 'timer',
    priceOre: 950_00,
    costPriceOre: 520_00,
    isService: true,
  },
  {
    number: 'T-2',
    name: 'Overtid montør (50 %)',
    unit: 'timer',
    priceOre: 1_425_00,
    costPriceOre: 780_00,
    isService: true,
  },
  {
    number: 'UT-1',
    name: 'Utrykning innen Oslo',
    unit: 'stk',
    priceOre: 1_250_00,
    costPriceOre: 600_00,
    isService: true,
  },
] as const;

/**
 * The demo company's products and the parts and hours used on the demo service project's doors at
 * the last visits, so the technician's screen, the project's Expenses tab and its invoice plan show them.
 */
export const seedDemoProducts = async (
  ctx: AppContext,
  companyId: string,
  adminUserId: string,
  serviceProjectId: string,
) => {
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const added = new Map<string, string>();
  for (const product of PRODUCTS) {
    added.set(product.number, (await addProduct(ctx, actor, productAddSchema.parse(product))).id);
  }
  const items = await listServiceItems(ctx, actor, serviceProjectId);
  const today = todayIn(ctx.clock);
  const used = [
    { item: 0, number: 'BL-200', quantity: 2, daysAgo: 20, note: 'Byttet børstelister på hovedinngangen' },
    { item: 0, number: 'T-1', quantity: 1.5, daysAgo: 20, note: '' },
    { item: 1, number: 'SEN-10', quantity: 1, daysAgo: 6, note: 'Sensoren reagerte ikke' },
    { item: 1, number: 'T-1', quantity: 1, daysAgo: 6, note: '' },
    { item: null, number: 'UT-1', quantity: 1, daysAgo: 6, note: 'Utrykning etter melding fra vekter' },
  ];
  for (const expense of used) {
    const productId = added.get(expense.number);
    if (!productId) continue;
    await createExpense(
      ctx,
      actor,
      expenseCreateSchema.parse({
        projectId: serviceProjectId,
        serviceItemId: expense.item === null ? null : (items[expense.item]?.id ?? null),
        productId,
        quantity: expense.quantity,
        date: addDays(today, -expense.daysAgo),
        note: expense.note,
      }),
    );
  }
};
