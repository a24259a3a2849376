import { describe, expect, it } from 'vitest';
import { customerUpdateSchema } from './customers';
import { projectUpdateSchema } from './projects';

describe('patch schemas', () => {
  it('leave out what the update does not mention, instead of filling in defaults', () => {
    const project = projectUpdateSchema.parse({
      id: '01a1fe00-0000-7000-8000-000000000000',
      version: 3,
      changes: { description: 'Ny tekst' },
    });
    expect(project.changes).toEqual({ description: 'Ny tekst' });
    const customer = customerUpdateSchema.parse({
      id: '01a1fe00-0000-7000-8000-000000000000',
      version: 1,
      changes: { phoneNumber: ' 22 22 22 22 ' },
    });
    expect(customer.changes).toEqual({ phoneNumber: '22 22 22 22' });
  });

  it('still validate what is sent', () => {
    expect(
      projectUpdateSchema.safeParse({
        id: '01a1fe00-0000-7000-8000-000000000000',
        version: 1,
        changes: { name: '' },
      }).success,
    ).toBe(false);
  });
});
