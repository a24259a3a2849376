import { DEFAULT_PROCESS_COLUMNS } from '@karm/domain/rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { DeliveryWeekPicker } from './delivery-week-picker';

// A Wednesday in ISO week 11 of 2026. The default columns need 9 weeks (drawings: factor 8 + min 1).
const TODAY = '2026-03-11';

const setup = (props: { year?: number; week?: number | null; disabled?: boolean; today?: string } = {}) => {
  const onChange = vi.fn();
  renderWithProviders(
    <DeliveryWeekPicker
      year={props.year ?? 2026}
      week={props.week ?? null}
      columns={DEFAULT_PROCESS_COLUMNS}
      today={props.today ?? TODAY}
      onChange={onChange}
      disabled={props.disabled}
    />,
  );
  return { onChange, user: userEvent.setup() };
};

const weekButton = (week: number, word = 'Week') =>
  screen.getByRole('button', { name: new RegExp(`^${word} ${week}, `) });

describe('DeliveryWeekPicker', () => {
  it('offers weeks 1 to 52, each with the Friday it delivers on', () => {
    setup();
    const weeks = screen.getAllByRole('button', { name: /^Week \d+, / });
    expect(weeks).toHaveLength(52);
    expect(weekButton(1)).toHaveAccessibleName('Week 1, 02.01.2026');
    expect(weekButton(20)).toHaveAccessibleName('Week 20, 15.05.2026');
    expect(within(weekButton(52)).getByText('25.12.2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Week 53,/ })).not.toBeInTheDocument();
  });

  it('greys out the weeks below the largest factor + min and lets the first reachable one be chosen', async () => {
    const { onChange, user } = setup();
    for (const week of [1, 11, 19]) expect(weekButton(week)).toBeDisabled();
    for (const week of [20, 21, 52]) expect(weekButton(week)).toBeEnabled();
    expect(screen.getByText(/The process needs 9 weeks/)).toBeInTheDocument();

    await user.click(weekButton(19));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(weekButton(20));
    expect(onChange).toHaveBeenCalledWith(2026, 20);
  });

  it('moves between years: a past year is all disabled, the next one all open', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(screen.getByText('2025')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('button', { name: /^Week \d+, / })
        .every((button) => button.hasAttribute('disabled')),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(screen.getByText('2027')).toBeInTheDocument();
    expect(weekButton(1)).toHaveAccessibleName('Week 1, 08.01.2027');
    await user.click(weekButton(1));
    expect(onChange).toHaveBeenCalledWith(2027, 1);
  });

  it('marks the chosen week and blocks every week while disabled', () => {
    setup({ week: 24, disabled: true });
    expect(weekButton(24)).toHaveAttribute('aria-pressed', 'true');
    expect(weekButton(25)).toHaveAttribute('aria-pressed', 'false');
    expect(weekButton(30)).toBeDisabled();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    try {
      setup();
      expect(weekButton(20, 'Uke')).toHaveAccessibleName('Uke 20, 15.05.2026');
      expect(screen.getByRole('button', { name: 'Neste år' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('without a chosen week, opens on the year of the first reachable week and marks that week', () => {
    // Week 48 of 2026 (a year of 53 weeks): nine weeks on is week 4 of 2027; all of 2026 is out of reach.
    setup({ year: 2026, week: null, today: '2026-11-25' });
    expect(document.querySelector('[data-shown-year]')).toHaveTextContent('2027');
    const first = document.querySelector('[data-first-reachable]');
    expect(first).toHaveAttribute('data-week', '4');
    expect(first).toBeEnabled();
    expect(weekButton(3)).toBeDisabled();
  });

  it('with a chosen week, opens on its year', () => {
    setup({ year: 2026, week: 40, today: '2026-03-11' });
    expect(document.querySelector('[data-shown-year]')).toHaveTextContent('2026');
  });
});
