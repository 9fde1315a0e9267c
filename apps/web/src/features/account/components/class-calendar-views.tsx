import type { EventDisplayInfo, ViewDisplayInfo, ViewOptions } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import type { ClassEvent } from '@school/shared/schedule/schemas';

/* My Classes' views: which ones a desktop and a phone get, and how an event reads in them. */

export const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, classicThemePlugin];
/** A phone shows three days of a week's grid: there, the next seven days from today as a list (docs/decisions.md). */
export const PHONE = '(max-width: 640px)';
export const LIST = 'listSevenDays';
export const EMPTY = 'No classes in this period.';
export const layouts = {
  desktop: { initialView: 'timeGridWeek', toolbar: { start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' } },
  phone: { initialView: LIST, toolbar: { start: 'prev,next today', center: 'title', end: `${LIST},timeGridDay,dayGridMonth` } },
};
export const views: Record<string, ViewOptions> = {
  /** Month view: at most two events a day, then "+N more" (spec 1 §2). */
  dayGridMonth: { dayMaxEvents: 2 },
  /**
   * Week view: a day's column is narrow, so classes at one time show the first of them and "+N" beside it, which
   * opens them all (side by side, each would be a sliver too narrow to read).
   */
  timeGridWeek: { eventMaxStack: 1 },
  [LIST]: { type: 'list', duration: { days: 7 }, titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } },
};
/** Grids of several days keep a readable width and scroll sideways on narrow screens (my-classes.css). */
export const viewClass = ({ view }: ViewDisplayInfo) => (view.type === 'timeGridWeek' || view.type === 'dayGridMonth' ? 'my-classes-view is-wide' : 'my-classes-view');

/**
 * An event's time, course and title: the course tells apart classes of one name (every course's 'Live open forum').
 * Its words wrap in a tall event; in the list, time and label are one block of lines, as a phone's width needs.
 */
export function eventContent(info: EventDisplayInfo) {
  const event = info.event.extendedProps.event as ClassEvent;
  const label = (
    <>
      <strong>{event.course_name}</strong> · {event.title}
    </>
  );
  if (info.view.type === LIST) {
    return (
      <div className="my-classes-item">
        <span>{info.timeText}</span>
        <span>{label}</span>
      </div>
    );
  }
  return (
    <>
      {info.timeText && <div className={info.timeClass}>{info.timeText}</div>}
      <div className={`${info.titleClass} my-classes-label`}>{label}</div>
    </>
  );
}
