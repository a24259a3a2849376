import { expect } from '@playwright/test';
import type { ApiSession } from './api';
import { E2E_BASE_URL } from './users';

/** The employee a journey user is (every journey user is one, support/server.ts). */
export const employeeIdOf = async (session: ApiSession, username: string) => {
  const employees = await session.request('employee:get', {});
  const employee = employees.find(
    (candidate) => candidate.displayName === `E2E ${username.replace('e2e-', '')}`,
  );
  expect(employee, username).toBeDefined();
  return employee!.id;
};

/** A task made over REST, as the tasks screen makes it (POST /api/tasks). */
export const postTask = async (
  session: ApiSession,
  task: { name: string; date: string; assigneeId?: string },
) => {
  const response = await fetch(`${E2E_BASE_URL}/api/tasks`, {
    method: 'POST',
    headers: { token: session.token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'other', ...task }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as { id: string; name: string };
};
