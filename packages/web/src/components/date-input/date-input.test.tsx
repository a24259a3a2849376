import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DateInput } from './date-input';

// A Wednesday in ISO week 11 of 2026 (Monday 9 – Sunday 15 March).
const TODAY = '2026-03-11';

type HarnessProps = { initial: string | null; onChange: (value: string | null) => void };

const Harness = ({ initial, onChange }: HarnessProps) => {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="Delivery date"
      value={value}
      today={TODAY}
      // jsdom has no layout, so Popover would think its target is off-screen and hide the calendar.
      popoverProps={{ hideDetached: false }}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
};

const setup = (initial: string | null = null) => {
  const onChange = vi.fn();
  renderWithProviders(<Harness initial={initial} onChange={onChange} />);
  return { onChange, user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Delivery date' }) };
};

/** The calendar opens in a popover, visible once its transition has started. */
const dropdown = () =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>('[data-dates-dropdown]');
    expect(element).toBeVisible();
    return element!;
  });

describe('DateInput', () => {
  it('displays its value as dd.MM.yyyy', () => {
    const { input } = setup('2026-12-24');
    expect(input).toHaveValue('24.12.2026');
  });

  it.each(['24.12.2026', '2026-12-24', '12/24/2026', '24/12/2026', '2026/12/24', '2026-12-24T10:00:00'])(
    'accepts %s as 24 December 2026',
    async (typed) => {
      const { user, input, onChange } = setup();
      await user.type(input, typed);
      await user.tab();
      expect(onChange).toHaveBeenLastCalledWith('2026-12-24');
      expect(input).toHaveValue('24.12.2026');
      expect(screen.queryByText('date is not valid')).not.toBeInTheDocument();
    },
  );

  it('rejects text it cannot read, says so and keeps the old value', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, input, onChange } = setup('2026-12-24');
    // Type over the whole text, so the field never passes through empty (which would clear it).
    await user.type(input, '31.02.2026', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    await user.tab();
    expect(screen.getByText('date is not valid')).toBeInTheDocument();
    expect(input).toHaveValue('31.02.2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '01.03.2026');
    await user.tab();
    expect(screen.queryByText('date is not valid')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('2026-03-01');
    warn.mockRestore();
  });

  it("has a button that chooses today's date", async () => {
    const { user, input, onChange } = setup();
    await user.click(input);
    await user.click(within(await dropdown()).getByRole('button', { name: "Choose today's date" }));
    expect(onChange).toHaveBeenLastCalledWith(TODAY);
    expect(input).toHaveValue('11.03.2026');
  });

  it('shows ISO week numbers, starts weeks on Monday and marks the current week', async () => {
    const { user, input } = setup();
    await user.click(input);
    const calendar = await dropdown();
    const weekNumbers = [...calendar.querySelectorAll('.mantine-DateInput-weekNumber')].map(
      (cell) => cell.textContent,
    );
    // March 2026 runs from the Monday of week 9 (23 February) to the Sunday of week 14 (5 April).
    expect(weekNumbers).toEqual(['9', '10', '11', '12', '13', '14']);
    const weekdays = [...calendar.querySelectorAll('.mantine-DateInput-weekday')].map(
      (cell) => cell.textContent,
    );
    expect(weekdays).toEqual(['#', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    const currentWeek = [...calendar.querySelectorAll('[data-current-week]')].map((day) => day.textContent);
    expect(currentWeek).toEqual(['9', '10', '11', '12', '13', '14', '15']);
  });

  it('marks Norwegian public holidays like Sundays and names them', async () => {
    // December 2026: Christmas Day (Friday 25) and Boxing Day (Saturday 26) are red days.
    const { user, input } = setup('2026-12-10');
    await user.click(input);
    const calendar = await dropdown();
    const redDays = [...calendar.querySelectorAll<HTMLElement>('[data-red-day]')].filter(
      (day) => !day.hasAttribute('data-outside'),
    );
    expect(redDays.map((day) => day.textContent)).toEqual(['25', '26']);
    expect(redDays[0]).toHaveAttribute('data-weekend');
    expect(redDays[0]).toHaveAttribute('title', 'Christmas Day');
    const ordinaryFriday = [...calendar.querySelectorAll<HTMLElement>('button')].find(
      (day) => day.textContent === '18' && !day.hasAttribute('data-outside'),
    );
    expect(ordinaryFriday).not.toHaveAttribute('data-weekend');
  });
});
