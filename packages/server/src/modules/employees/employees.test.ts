import type { EmployeeDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDepartment, seedEmployee, seedEmployeeCategory } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { setCompanyService } from '../company/company.service';

let server: TestServer;
let user: SignedInUser;
let outsider: SignedInUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signedInUser();
  outsider = await server.signedInUser();
  const db = server.ctx.db;
  const admin = await seedEmployeeCategory(db, user.companyId, 'Administrasjon');
  const service = await seedEmployeeCategory(db, user.companyId, 'Service');
  await setCompanyService(db, user.companyId, { employeeCategoryId: service.id });
  const department = await seedDepartment(db, user.companyId, 'Montasje', '20');
  ids.anne = (
    await seedEmployee(db, user.companyId, {
      firstName: 'Anne',
      lastName: 'Admin',
      employeeCategoryId: admin.id,
    })
  ).id;
  ids.sofie = (
    await seedEmployee(db, user.companyId, {
      firstName: 'Sofie',
      lastName: 'Larsen',
      employeeCategoryId: service.id,
      departmentId: department.id,
      birthDate: '1988-12-01',
      employmentDate: '2015-03-09',
      workGroup: 'service',
    })
  ).id;
  ids.gone = (
    await seedEmployee(db, user.companyId, {
      firstName: 'Tidligere',
      isActive: false,
      employeeCategoryId: service.id,
    })
  ).id;
  ids.department = department.id;
});
afterAll(async () => {
  await server?.close();
});

describe('employees', () => {
  it('employee:get lists the active employees with category, department and dates', async () => {
    const list = await user.client.request('employee:get', {});
    expect(list.map((employee) => employee.id)).toEqual([ids.anne, ids.sofie]);
    expect(list[1]).toMatchObject({
      fornavn: 'Sofie',
      etternavn: 'Larsen',
      fullName: 'Sofie Larsen',
      employeeCategory: { name: 'Service' },
      department: { id: ids.department, displayName: 'Montasje' },
      birthDate: '1988-12-01',
      employmentDate: '2015-03-09',
      workGroup: 'service',
    });
    expect(await user.client.request('employee:get', { includeInactive: true })).toHaveLength(3);
  });

  it('admin:get-users starts with "(Ingen valgt)", then the Administrasjon employees', async () => {
    expect(await user.client.request('admin:get-users')).toEqual([
      { id: null, displayName: '(Ingen valgt)' },
      { id: ids.anne, displayName: 'Anne Admin' },
    ]);
  });

  it('lists categories, departments and project managers', async () => {
    expect((await user.client.request('employee:get-categories')).map((category) => category.name)).toEqual([
      'Administrasjon',
      'Service',
    ]);
    expect(await user.client.request('project_department:get')).toEqual([
      { id: ids.department, displayName: 'Montasje' },
    ]);
    expect((await user.client.request('project-manager:get')).map((manager) => manager.id)).toEqual([
      ids.anne,
      ids.sofie,
    ]);
  });

  it('GET /api/employee/service answers the active service workers', async () => {
    const response = await fetch(`${server.url}/api/employee/service`, { headers: { token: user.token } });
    expect(response.status).toBe(200);
    expect((await bodyOf<EmployeeDto[]>(response)).map((employee) => employee.id)).toEqual([ids.sofie]);
    expect((await fetch(`${server.url}/api/employee/service`)).status).toBe(401);
  });

  it('another company sees none of them', async () => {
    expect(await outsider.client.request('employee:get', {})).toEqual([]);
    expect(await outsider.client.request('employee:get-categories')).toEqual([]);
    expect(await outsider.client.request('project_department:get')).toEqual([]);
    expect(await outsider.client.request('admin:get-users')).toEqual([
      { id: null, displayName: '(Ingen valgt)' },
    ]);
    const response = await fetch(`${server.url}/api/employee/service`, {
      headers: { token: outsider.token },
    });
    expect(await bodyOf<EmployeeDto[]>(response)).toEqual([]);
  });
});
