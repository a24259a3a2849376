import {
  containsParam,
  equalsParam,
  flagParam,
  getByIdRoute,
  idsParam,
  listAnswer,
  type Route,
} from './fake-http';
import { categoryJson, departmentJson, employeeJson } from './serialize';

/** Read-only in the fake, as Karm only reads employees, categories and departments. */
export const staffRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/employee$/,
    handle: (ctx) => {
      const { query } = ctx;
      const departmentIds = idsParam(query, 'departmentId');
      const matches = [...ctx.state.employees.values()].filter(
        (e) =>
          containsParam(query, 'firstName', e.firstName) &&
          containsParam(query, 'lastName', e.lastName) &&
          equalsParam(query, 'email', e.email) &&
          equalsParam(query, 'employeeNumber', e.employeeNumber) &&
          (departmentIds === null || (e.departmentId !== null && departmentIds.includes(e.departmentId))),
      );
      return listAnswer(ctx, matches, (e) => employeeJson(ctx, e));
    },
  },
  {
    method: 'GET',
    pattern: /^\/employee\/category$/,
    handle: (ctx) => {
      const matches = [...ctx.state.categories.values()].filter(
        (c) => containsParam(ctx.query, 'name', c.name) && equalsParam(ctx.query, 'number', c.number),
      );
      return listAnswer(ctx, matches, (c) => categoryJson(ctx, c));
    },
  },
  getByIdRoute(
    'employee',
    'Employee',
    (state, id) => state.employees.get(id),
    (ctx, employee) => employeeJson(ctx, employee),
  ),
  {
    method: 'GET',
    pattern: /^\/department$/,
    handle: (ctx) => {
      const isInactive = flagParam(ctx.query, 'isInactive');
      const matches = [...ctx.state.departments.values()].filter(
        (d) =>
          containsParam(ctx.query, 'name', d.name) &&
          equalsParam(ctx.query, 'departmentNumber', d.departmentNumber) &&
          (isInactive === null || d.isInactive === isInactive),
      );
      return listAnswer(ctx, matches, (d) => departmentJson(ctx, d));
    },
  },
];
