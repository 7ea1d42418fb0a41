import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { shanghaiDate } from '@author-centre/shared/dates';
import { formatCount } from '@author-centre/shared/format';
import { Button, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateCalendar } from './api.ts';

function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** The writing calendar of the home (GET /api/author/date-calendar). */
export function WritingCalendar() {
  const { t } = useTranslation();
  const thisMonth = shanghaiDate(Date.now()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const calendar = useDateCalendar(month);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(year, mon - 1, 1)).getUTCDay();
  const weekdays = t('home.calendar.weekdays').split(',');
  // The month in weeks of 7 cells, blanks (null) before the first day.
  type Day = NonNullable<typeof calendar.data>['days'][number];
  const cells: (Day | null)[] = [...Array.from({ length: firstWeekday }, () => null), ...(calendar.data?.days ?? [])];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <section
      className="ac-home-card ac-home-calendar"
      aria-labelledby="ac-home-calendar-title"
      data-testid="home-calendar"
    >
      <header>
        <h2 id="ac-home-calendar-title">{t('home.calendar.title')}</h2>
        <div className="ac-home-calendar__nav">
          <Button
            size="small"
            type="text"
            icon={<LeftOutlined />}
            aria-label={t('home.calendar.prev')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          />
          <span>{t('home.calendar.month', { year, month: mon })}</span>
          <Button
            size="small"
            type="text"
            icon={<RightOutlined />}
            aria-label={t('home.calendar.next')}
            disabled={month >= thisMonth}
            onClick={() => setMonth(shiftMonth(month, 1))}
          />
        </div>
      </header>
      {calendar.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : calendar.isError ? (
        <p role="alert" className="ac-home-muted">
          {t('home.calendar.failed')}{' '}
          <Button size="small" type="link" onClick={() => void calendar.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : (
        <>
          <p className="ac-home-muted">
            {t('home.calendar.total', { total: formatCount(calendar.data.total) })}
            {calendar.data.streak > 0 && ` · ${t('home.calendar.streak', { days: calendar.data.streak })}`}
          </p>
          <div className="ac-home-calendar__grid" role="grid" aria-readonly>
            {/* Rows for the grid's semantics only (display: contents): the cells lay out in the grid's 7 columns. */}
            <div role="row" className="ac-home-calendar__row">
              {weekdays.map((w) => (
                <span key={w} className="ac-home-calendar__weekday" role="columnheader">
                  {w}
                </span>
              ))}
            </div>
            {weeks.map((week) => (
              <div key={week.find(Boolean)?.date} role="row" className="ac-home-calendar__row">
                {week.map((d, i) => {
                  if (!d) {
                    // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day.
                    return <span key={`blank-${i}`} role="gridcell" />;
                  }
                  const label =
                    d.words > 0
                      ? t('home.calendar.day', { date: d.date, words: d.words })
                      : t('home.calendar.none', { date: d.date });
                  const day = Number(d.date.slice(8));
                  return (
                    <Tooltip key={d.date} title={label}>
                      <span
                        role="gridcell"
                        tabIndex={0}
                        className={[
                          'ac-home-calendar__day',
                          d.words > 0 ? 'is-updated' : '',
                          d.future ? 'is-future' : '',
                          d.date === calendar.data.today ? 'is-today' : '',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                        // The visible day first, so the name read out contains what is seen.
                        aria-label={`${day} ${label}`}
                      >
                        {day}
                      </span>
                    </Tooltip>
                  );
                })}
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
