import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { clockTime, longDate } from '@school/shared/school/dates';
import { previousDay } from '@school/shared/schedule/rules';
import type { ClassEvent, MyClassesQuery } from '@school/shared/schedule/schemas';
import { Loading } from '@/components/loading';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSchool } from '@/lib/school';
import { useMyClasses } from '../api/account-calls';
import { EMPTY, eventContent, layouts, LIST, PHONE, plugins, viewClass, views } from './class-calendar-views';
import '@/components/calendar-theme.css';
import './my-classes.css';

/** '09:00 AM – 12:00 PM' on 'March 01, 2026': the school's wall-clock times, as the calendar shows them. */
const timeRange = (event: ClassEvent) => `${longDate(event.date)}, ${clockTime(event.start_time)} – ${clockTime(event.end_time)}`;

/**
 * My Classes (spec 1 §2): a calendar of the student's class sessions and live classes at this site's school,
 * a week at a time by default (on phones, a list of the seven days from today), with day and month views, in the
 * school's time zone. It asks the server for the days it shows (datesSet); an event opens a popover with its
 * details and the class's link.
 */
export function MyClasses() {
  const { data: school } = useSchool();
  const layout = useMediaQuery(PHONE) ? 'phone' : 'desktop';
  const [range, setRange] = useState<MyClassesQuery | null>(null);
  const [listed, setListed] = useState(false);
  const classes = useMyClasses(range);
  const [open, setOpen] = useState<{ event: ClassEvent; anchor: HTMLElement } | null>(null);

  const events = useMemo<EventInput[]>(
    () => (classes.data ?? []).map((event) => ({ id: event.id, title: event.title, start: event.start, end: event.end, extendedProps: { event } })),
    [classes.data],
  );
  // The calendar's end is exclusive and carries the zone's offset ('2026-03-08T00:00:00+08:00'): its days are the school's.
  const onDates = useCallback((info: DatesSetInfo) => {
    const next = { date_start: info.startStr.slice(0, 10), date_end: previousDay(info.endStr.slice(0, 10)) };
    setRange((current) => (current?.date_start === next.date_start && current.date_end === next.date_end ? current : next));
    setListed(info.view.type === LIST);
  }, []);
  const onEvent = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    setOpen({ event: info.event.extendedProps.event as ClassEvent, anchor: info.el });
  }, []);
  const onClose = useCallback(() => setOpen(null), []);

  if (!school) return <Loading />;
  const settled = range !== null && classes.isSuccess && !classes.isPlaceholderData;
  // An empty grid is said in the status line; the list says it in its own box, once the answer has come.
  const empty = settled && !listed && events.length === 0;
  return (
    <div className="my-classes calendar-theme">
      {/* One line kept for the status, so that the calendar never moves when it changes. */}
      <div className="my-classes-status" role="status" aria-live="polite">
        {classes.isFetching ? (
          <>
            <span className="spinner" aria-hidden="true" /> Loading classes
          </>
        ) : empty ? (
          EMPTY
        ) : null}
      </div>
      {classes.isError && (
        <p className="banner banner-error" role="alert">
          Your classes could not be loaded.{' '}
          <button type="button" className="link" onClick={() => classes.refetch()}>
            Try again
          </button>
        </p>
      )}
      <div className="my-classes-calendar">
        {/* Started afresh when the screen crosses the phone's width: a view is chosen at the start only. */}
        <FullCalendar
          key={layout}
          plugins={plugins}
          initialView={layouts[layout].initialView}
          headerToolbar={layouts[layout].toolbar}
          headerToolbarClass="my-classes-toolbar"
          viewClass={viewClass}
          toolbarTitleClass="my-classes-title"
          popoverClass="my-classes-more calendar-theme"
          views={views}
          timeZone={school.time_zone}
          events={events}
          datesSet={onDates}
          eventClick={onEvent}
          eventContent={eventContent}
          noEventsText={settled ? EMPTY : ''}
          nowIndicator
          allDaySlot={false}
          scrollTime="08:00:00"
          // The list is as long as its classes; the grids scroll through the day in a box of their own.
          height={listed ? 'auto' : 640}
        />
      </div>
      <p className="muted my-classes-zone">Times are in the school's time zone ({school.time_zone}).</p>
      {open && <ClassPopover key={open.event.id} event={open.event} anchor={open.anchor} onClose={onClose} />}
    </div>
  );
}

/** Below the event when there is room, else above it; always inside the window. */
function place(popover: HTMLElement, anchor: HTMLElement) {
  const margin = 8;
  const a = anchor.getBoundingClientRect();
  const { width, height } = popover.getBoundingClientRect();
  const left = Math.min(Math.max(margin, a.left), window.innerWidth - width - margin);
  const below = a.bottom + margin;
  const top = below + height <= window.innerHeight - margin ? below : Math.max(margin, a.top - height - margin);
  popover.style.left = `${Math.max(margin, left)}px`;
  popover.style.top = `${top}px`;
}

/**
 * An event's details: a non-modal dialog beside the event. Focus moves into it; Escape or Close shuts it and
 * gives focus back to the event; a click or focus elsewhere shuts it too.
 */
function ClassPopover({ event, anchor, onClose }: { event: ClassEvent; anchor: HTMLElement; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useCallback(
    (restoreFocus: boolean) => {
      onClose();
      if (restoreFocus && anchor.isConnected) anchor.focus();
    },
    [anchor, onClose],
  );

  useLayoutEffect(() => {
    const popover = ref.current!;
    place(popover, anchor);
    popover.focus();
  }, [anchor]);

  useEffect(() => {
    const popover = ref.current!;
    const reposition = () => (anchor.isConnected ? place(popover, anchor) : close(false));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!popover.contains(target) && !anchor.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', reposition);
    window.addEventListener('scroll', reposition, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', reposition);
      window.removeEventListener('scroll', reposition, true);
    };
  }, [anchor, close]);

  return createPortal(
    <div
      ref={ref}
      className="class-popover"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onBlur={(e) => {
        // Tabbing out of the popover (not into it, nor back to its event) closes it.
        const next = e.relatedTarget as Node | null;
        if (next && !ref.current?.contains(next) && next !== anchor) close(false);
      }}
    >
      <button type="button" className="modal-close" aria-label="Close" onClick={() => close(true)}>
        ×
      </button>
      <p className="card-kicker">{event.type}</p>
      <h3 id={titleId} className="class-popover-title">
        {event.title}
      </h3>
      <dl className="facts">
        <dt>Course</dt>
        <dd>{event.course_name}</dd>
        <dt>Instructor</dt>
        <dd>{event.instructor ?? 'N/A'}</dd>
        <dt>Units</dt>
        <dd>{event.units}</dd>
        <dt>Time</dt>
        <dd>{timeRange(event)}</dd>
      </dl>
      <Link className="btn btn-primary btn-sm" to={event.class_link}>
        Go to Class
      </Link>
    </div>,
    document.body,
  );
}
