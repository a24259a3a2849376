import type { PriceMatrix, SizeRange } from '@karm/domain/rules';

const WIDTHS: SizeRange[] = [
  { id: 'w-700', fromMm: 700, toMm: 900 },
  { id: 'w-901', fromMm: 901, toMm: 1100 },
  { id: 'w-1101', fromMm: 1101, toMm: 1500 },
  { id: 'w-1501', fromMm: 1501, toMm: 2500 },
];
const HEIGHTS: SizeRange[] = [
  { id: 'h-1800', fromMm: 1800, toMm: 2100 },
  { id: 'h-2101', fromMm: 2101, toMm: 2400 },
  { id: 'h-2401', fromMm: 2401, toMm: 3000 },
];

/**
 * Kroner per door for the smallest size, then what each larger width and height step adds; the cost
 * the same way. Inner and outer doors stop at 1500 mm wide (a wider opening is a double or sliding
 * door), so those cells stay empty: "not offered". The costs give the margins a door maker expects:
 * about 45 % on stock inner doors, 40 % on outer and sliding doors, and 30–35 % on automatic doors,
 * whose drive units are bought in; larger sizes cost more in glass and steel than they add in price.
 */
const DOOR_TYPES = [
  {
    id: 'inner',
    name: 'Inner door',
    nameNb: 'Innerdør',
    base: 4_500,
    widthStep: 900,
    heightStep: 600,
    cost: { base: 2_450, widthStep: 560, heightStep: 380 },
    maxWidthIndex: 2,
  },
  {
    id: 'outer',
    name: 'Outer door',
    nameNb: 'Ytterdør',
    base: 12_500,
    widthStep: 2_500,
    heightStep: 1_500,
    cost: { base: 7_400, widthStep: 1_600, heightStep: 950 },
    maxWidthIndex: 2,
  },
  {
    id: 'sliding',
    name: 'Sliding door',
    nameNb: 'Skyvedør',
    base: 9_800,
    widthStep: 1_800,
    heightStep: 1_100,
    cost: { base: 5_800, widthStep: 1_150, heightStep: 700 },
    maxWidthIndex: 3,
  },
  {
    id: 'auto-sliding',
    name: 'Automatic sliding door',
    nameNb: 'Automatisk skyvedør',
    base: 38_000,
    widthStep: 6_500,
    heightStep: 3_000,
    cost: { base: 24_700, widthStep: 4_600, heightStep: 2_100 },
    maxWidthIndex: 3,
  },
];

/** The demo companies' price list: a realistic matrix a person can try the calculator on at once. */
export const defaultPriceMatrix = (): PriceMatrix => ({
  doorTypes: DOOR_TYPES.map(({ id, name, nameNb }) => ({ id, name, nameNb, isActive: true })),
  widthRanges: WIDTHS,
  heightRanges: HEIGHTS,
  cells: DOOR_TYPES.flatMap((type) =>
    WIDTHS.slice(0, type.maxWidthIndex + 1).flatMap((width, w) =>
      HEIGHTS.map((height, h) => ({
        doorTypeId: type.id,
        widthRangeId: width.id,
        heightRangeId: height.id,
        price: (type.base + w * type.widthStep + h * type.heightStep) * 100,
        cost: (type.cost.base + w * type.cost.widthStep + h * type.cost.heightStep) * 100,
      })),
    ),
  ),
});
