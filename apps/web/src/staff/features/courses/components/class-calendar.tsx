import FullCalendar, { type EventClickInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '@/components/calendar-theme.css';
import { useMemo } from 'react';
import type { StaffClass } from '@school/shared/staff/classes';
import { useMediaQuery } from '@/lib/use-media-query';

const plugins = [dayGridPlugin, listPlugin, classicThemePlugin];
const PHONE = '(max-width: 640px)';

interface Props {
  classes: StaffClass[];
  timeZone: string;
  /** The school's day today (YYYY-MM-DD). */
  today: string;
  onSession: (cls: StaffClass, sessionId: number) => void;
}

/**
 * Every session of the course's classes on a month's grid (a phone: the month as a list), opening on the month
 * of the next session; a session opens its editor.
 */
export function ClassCalendar({ classes, timeZone, today, onSession }: Props) {
  const phone = useMediaQuery(PHONE);
  const events = useMemo<EventInput[]>(
    () =>
      classes.flatMap((cls) =>
        cls.sessions.map((s) => ({ id: String(s.id), title: `${cls.name} · ${s.instructor}`, start: `${s.date}T${s.start_time}:00`, end: `${s.date}T${s.end_time}:00`, extendedProps: { classId: cls.id } })),
      ),
    [classes],
  );
  const next = classes.flatMap((c) => c.sessions.map((s) => s.date)).filter((d) => d >= today).sort()[0];
  const onClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const cls = classes.find((c) => c.id === info.event.extendedProps.classId);
    if (cls) onSession(cls, Number(info.event.id));
  };
  return (
    <div className="class-calendar calendar-theme">
      <FullCalendar
        key={phone ? 'phone' : 'desktop'}
        plugins={plugins}
        initialView={phone ? 'listMonth' : 'dayGridMonth'}
        initialDate={next ?? today}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: phone ? '' : 'dayGridMonth,listMonth' }}
        timeZone={timeZone}
        events={events}
        eventClick={onClick}
        views={{ dayGridMonth: { dayMaxEvents: 3 } }}
        noEventsText="No sessions this month."
        height="auto"
        // The button says "Today"; its name says the same (FullCalendar would name it "This Month").
        todayHint="Today"
        popoverClass="calendar-theme"
      />
    </div>
  );
}
