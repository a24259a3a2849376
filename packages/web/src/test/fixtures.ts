import {
  type ProjectDto,
  type ProjectListItemDto,
  permissionsOfRole,
  type Role,
  type UserDto,
} from '@karm/domain/contract';

let sequence = 0;

/** A fresh UUID-shaped id for test data; the prefix tells the kinds apart when a test fails. */
export const nextTestId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
};

/** The running number inside a test id, for names and numbers that must differ between records. */
export const serialOf = (testId: string) => Number(testId.slice(-12));

/** A paged answer (`{ items, total, page, pageSize }`) as the server sends it. */
export const aPage = <T>(items: T[], { total = items.length, page = 1, pageSize = 20 } = {}) => ({
  items,
  total,
  page,
  pageSize,
});

/** A page of the project list (projects:filter_new): the projects with the squares given, else none. */
export const aProjectPage = (projects: ProjectDto[], squares: ProjectListItemDto['invoiceSquares'] = []) =>
  aPage(projects.map((project) => ({ ...project, invoiceSquares: squares })));

/** A project with only what every project has; features add the fields their tests rely on. */
export const aBlankProject = (overrides: Partial<ProjectDto> = {}): ProjectDto => {
  const id = nextTestId('30000000');
  const number = 1000 + serialOf(id);
  return {
    id,
    number,
    name: `Prosjekt ${number}`,
    description: '',
    state: 'active',
    department: null,
    projectCategory: null,
    customer: null,
    contact: null,
    projectManager: null,
    startDate: null,
    endDate: null,
    deliveryDate: null,
    agreedInstallationDate: null,
    isClosed: false,
    isDirect: false,
    isService: false,
    projectAddress: '',
    projectPostalCode: '',
    projectCity: '',
    noteToPlanner: '',
    workOrderNotes: '',
    siteContactName: '',
    siteContactPhone: '',
    productionHours: null,
    installationHours: null,
    installationStaff: null,
    missingData: false,
    missingDataComment: '',
    serviceReportCount: 0,
    projectValue: 0,
    archiveReason: null,
    offerId: null,
    version: 1,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
};

/** A signed-in user of a role, holding exactly that role's standard permissions. */
export const aUser = (role: Role = 'office', overrides: Partial<UserDto> = {}): UserDto => ({
  id: nextTestId('50000000'),
  username: 'kari',
  email: 'kari@karm.test',
  firstName: 'Kari',
  lastName: 'Prosjektleder',
  fornavn: 'Kari',
  etternavn: 'Prosjektleder',
  fullName: 'Kari Prosjektleder',
  phone: null,
  userType: 'user',
  role,
  permissions: [...permissionsOfRole(role)],
  profile: {},
  version: 1,
  ...overrides,
});
