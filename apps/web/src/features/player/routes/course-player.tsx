import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { COMPLETION_DIALOG_WINDOW_MS, mayStudy, playerMessages as msg, STAYING_TYPES } from '@school/shared/learning/rules';
import type { Attempt, CompletionResult } from '@school/shared/learning/schemas';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { ResponseModal } from '@/components/response-modal';
import { ThemeToggle } from '@/components/theme-toggle';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useCourse } from '@/lib/course';
import { useSchool } from '@/lib/school';
import { setTheme } from '@/lib/theme';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { endCourse, startCourse, useCompleteCourseware, useCourseware, useStudyRecord } from '../api/player-calls';
import { CameraStatus } from '../components/camera-status';
import { CompletionDialog } from '../components/completion-dialog';
import { CourseTimer } from '../components/course-timer';
import { useFontSize } from '../components/font-size';
import { GeneralNotice } from '../components/general-notice';
import { IdentityLobby } from '../components/identity-lobby';
import { Lesson } from '../components/lesson';
import { NotesPanel } from '../components/notes-panel';
import { OutlinePanel } from '../components/outline-panel';
import { NextLesson } from '../components/next-lesson';
import { SnapshotPauseModal } from '../components/snapshot-pause-modal';
import { isSessionPaused, StudyPauseContext } from '../components/study-pause';
import { useIdentityLobby } from '../components/use-identity-lobby';
import { useSnapshotSession } from '../components/use-snapshot-session';
import '../player.css';

type Phase = 'notice' | 'expired' | 'starting' | 'ready';
type Tab = 'content' | 'notes';

const noticeKey = (courseId: number) => `general-notice-${courseId}`;
const justCompleted = (date: string | null | undefined) => Boolean(date) && Date.now() - Date.parse(date!) < COMPLETION_DIALOG_WINDOW_MS;

/** /course/{slug-with-id}/module/{coursewareId} (spec 2 §2): the course player, outside the common layout. */
export function CoursePlayer() {
  const { slug = '', id = '' } = useParams();
  const course = useItemBySlug(slug, useCourse, "Requested course isn't available", paths.courses);
  if (!course) return <Loading />;
  return <Player key={course.id} course={course} coursewareId={Number(id)} />;
}

function Player({ course, coursewareId }: { course: CourseDetail; coursewareId: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: school } = useSchool();
  const staff = course.abilities.preview;
  const enrollment = course.enrollment;
  const allowed = staff || (enrollment !== null && mayStudy(enrollment.status) && course.config.course_open && !course.config.course_ended);
  const [phase, setPhase] = useState<Phase>(() => {
    if (staff) return 'starting';
    if (course.attempt?.ended && (enrollment?.progress ?? 0) < 100) return 'expired';
    if (course.config.enable_kyl && !sessionStorage.getItem(noticeKey(course.id))) return 'notice';
    return 'starting';
  });
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const [celebrate, setCelebrate] = useState(false);
  // At 100 % within 2 minutes of completing (on arrival, or once a completion, an exam or a grade got there).
  const dateCompleted = enrollment?.date_completed;
  useEffect(() => {
    if (!staff && enrollment?.progress === 100 && justCompleted(dateCompleted)) setCelebrate(true);
  }, [staff, enrollment?.progress, dateCompleted]);
  const [tab, setTab] = useState<Tab>('content');
  const [panelOpen, setPanelOpen] = useState(false);
  const font = useFontSize();
  const courseware = useCourseware(coursewareId, phase === 'ready');
  const record = useStudyRecord(phase === 'ready' && enrollment ? enrollment.id : null);
  const complete = useCompleteCourseware();
  const exit = useCallback(() => navigate(paths.course(course.slug)), [navigate, course.slug]);
  const tabsId = useId();
  // Students of a course with enable_kyl study on camera (spec 2 §4), after the lobby's identity check if they
  // have one, until the course timer runs out.
  const lobby = useIdentityLobby(course.id, !staff && course.config.enable_kyl);
  // The course timer set again from the server's count (a passing snapshot's, or a refused end's); the key restarts it.
  const [timerSync, setTimerSync] = useState(0);
  const syncTimer = useCallback((seconds: number) => {
    setAttempt((current) => (current && current.time_left !== null ? { ...current, time_left: seconds } : current));
    setTimerSync((n) => n + 1);
  }, []);
  const snapshots = useSnapshotSession(course.id, !staff && course.config.enable_kyl && phase === 'ready' && lobby.state === 'done' && !timeUp, syncTimer);
  const paused = snapshots.state.status === 'paused';
  // Paused by a failed check (not by the student, a hidden tab or the camera): the server's clock stands still.
  const heldByServer = paused && (snapshots.state.reason === 'no_face' || snapshots.state.reason === 'retry_limit');
  const { refused } = snapshots;
  const studyPause = useMemo(() => ({ paused, refused }), [paused, refused]);

  // Spec 2 §2: a student without a paid or pay-later enrolment, or in a closed course, goes back to the course.
  useEffect(() => {
    if (!allowed) navigate(paths.course(course.slug), { replace: true });
  }, [allowed, navigate, course.slug]);

  const start = useCallback(async () => {
    setPhase('starting');
    try {
      const result = await startCourse(course.id);
      // Starting a course resets the light theme (spec 1 §4).
      setTheme('light');
      setAttempt(result.attempt);
      if (result.progress_reset) await Promise.all([queryClient.invalidateQueries({ queryKey: ['catalogue', 'course', course.id] }), queryClient.invalidateQueries({ queryKey: ['player'] })]);
      const resume = (location.state as { resume?: boolean } | null)?.resume ? result.resume_courseware : null;
      if (resume !== null && resume !== coursewareId) navigate(paths.coursePlayer(course.slug, String(resume)), { replace: true });
      setPhase('ready');
    } catch {
      notify.error(msg.startFailed);
      exit();
    }
  }, [course.id, coursewareId, exit, location.state, navigate, queryClient, course.slug]);

  // Started once per visit of the course (this component is keyed by it); moving between coursewares keeps it.
  // The lobby's identity check comes first, so that the course's time does not run during it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || phase !== 'starting' || !allowed || lobby.state !== 'done') return;
    started.current = true;
    void start();
  }, [phase, allowed, lobby.state, start]);

  // A courseware the server will not open: the latest incomplete one instead, or back to the course.
  useEffect(() => {
    const error = courseware.error;
    if (!(error instanceof ApiError)) return;
    const code = error.body?.code;
    if (code === 'locked' && typeof error.body?.courseware === 'string') navigate(paths.coursePlayer(course.slug, error.body.courseware), { replace: true });
    else if (code === 'attempt_ended') setPhase('expired');
    else if (error.status === 404) {
      notify.error("Requested course isn't available");
      navigate(paths.course(course.slug), { replace: true });
    } else exit();
  }, [courseware.error, navigate, course.slug, exit]);

  const onTimerEnd = useCallback(() => {
    const ended = () => {
      setTimeUp(true);
      // The course page then knows the attempt ended, and says so before a retake.
      void queryClient.invalidateQueries({ queryKey: ['catalogue', 'course', course.id] });
    };
    // The server's clock decides: time a snapshot pause gave back runs on.
    endCourse(course.id).then(({ attempt: answer }) => (!answer.ended && answer.time_left ? syncTimer(answer.time_left) : ended()), ended);
  }, [course.id, queryClient, syncTimer]);

  const afterCompletion = useCallback(
    (result: CompletionResult, type: string) => {
      if (result.progress >= 100 && justCompleted(result.date_completed)) return setCelebrate(true);
      if (STAYING_TYPES.includes(type)) return;
      const to = result.next ?? result.first_incomplete;
      if (to !== null && to !== coursewareId) navigate(paths.coursePlayer(course.slug, String(to)));
      else notify.info(msg.lastCourseware);
    },
    [navigate, course.slug, coursewareId],
  );

  const lesson = courseware.data;
  const { mutateAsync: completeCourseware } = complete;
  const onComplete = useCallback(async () => {
    if (!lesson || staff || paused) return false;
    try {
      afterCompletion(await completeCourseware(lesson.id), lesson.type);
      return true;
    } catch (error) {
      // The last snapshot failed its check: the session's pause modal says what to do, not an error toast.
      if (isSessionPaused(error)) refused();
      else notify.error(errorDetail(error) ?? 'Unable to complete this courseware.');
      return false;
    }
  }, [lesson, staff, paused, completeCourseware, afterCompletion, refused]);
  // The lesson itself is read again too: its completed flag is what enables its Next.
  const onJoined = useCallback(
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ['player', 'record'] }),
        queryClient.invalidateQueries({ queryKey: ['player', 'courseware', coursewareId] }),
        queryClient.invalidateQueries({ queryKey: ['catalogue', 'course', course.id] }),
      ]),
    [queryClient, course.id, coursewareId],
  );

  const completed = new Set(record.data?.completed_coursewares ?? []);
  // A finished course has nothing left to time.
  const finished = (record.data?.progress ?? enrollment?.progress ?? 0) >= 100;
  const openTab = (next: Tab) => {
    setTab(next);
    setPanelOpen(true);
  };

  return (
    <div className="player" style={{ '--lesson-font-size': `${font.size}px` } as CSSProperties}>
      <header className="player-header">
        <Link className="btn btn-ghost" to={paths.course(course.slug)}>
          Exit
        </Link>
        <p className="player-title">{course.name}</p>
        <div className="player-header-tabs" role="group" aria-label="Course panel">
          <button type="button" className="btn btn-ghost" aria-expanded={panelOpen && tab === 'content'} aria-controls={tabsId} onClick={() => openTab('content')}>
            Course Content
          </button>
          <button type="button" className="btn btn-ghost" aria-expanded={panelOpen && tab === 'notes'} aria-controls={tabsId} onClick={() => openTab('notes')}>
            Notes
          </button>
        </div>
        {!staff && !finished && attempt?.time_left !== null && attempt?.time_left !== undefined && <CourseTimer key={timerSync} timeLeft={attempt.time_left} onEnd={onTimerEnd} frozen={heldByServer} />}
        <div className="font-size" role="group" aria-label="Font size">
          <button type="button" className="icon-btn" aria-label="A− Decrease font size" disabled={font.atMin} onClick={font.smaller}>
            A−
          </button>
          <span aria-live="polite">{font.size}px</span>
          <button type="button" className="icon-btn" aria-label="A+ Increase font size" disabled={font.atMax} onClick={font.larger}>
            A+
          </button>
        </div>
        {snapshots.state.status !== 'off' && <CameraStatus state={snapshots.state} video={snapshots.video} onPause={snapshots.pause} onResume={snapshots.resume} />}
        <ThemeToggle />
        <Link className="btn btn-primary" to={staff ? paths.courses : paths.student('courses')}>
          {staff ? 'Courses' : 'My Courses'}
        </Link>
      </header>

      <div className="player-body">
        <aside
          id={tabsId}
          className={`player-panel ${panelOpen ? 'is-open' : ''}`}
          aria-label="Course panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && panelOpen) setPanelOpen(false);
          }}
        >
          <button type="button" className="modal-close player-panel-close" aria-label="Close panel" onClick={() => setPanelOpen(false)}>
            ×
          </button>
          <div role="tablist" aria-label="Course panel" className="player-tabs">
            <button type="button" role="tab" id={`${tabsId}-content`} aria-selected={tab === 'content'} aria-controls={`${tabsId}-panel`} onClick={() => setTab('content')}>
              Course Content
            </button>
            <button type="button" role="tab" id={`${tabsId}-notes`} aria-selected={tab === 'notes'} aria-controls={`${tabsId}-panel`} onClick={() => setTab('notes')}>
              Notes
            </button>
          </div>
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="player-tabpanel">
            {tab === 'content' ? (
              <OutlinePanel course={course} currentId={coursewareId} completed={completed} onChoose={() => setPanelOpen(false)} />
            ) : enrollment && record.data ? (
              <NotesPanel key={enrollment.id} enrollmentId={enrollment.id} notes={record.data.notes} />
            ) : (
              <p className="muted">{staff ? 'Notes are kept by enrolled students.' : 'Loading…'}</p>
            )}
          </div>
        </aside>

        {/* Nothing in the lesson moves while the session is paused. */}
        <main className={`lesson ${paused ? 'is-paused' : ''}`} id="main" tabIndex={-1} inert={paused}>
          {phase !== 'ready' || courseware.isPending || !lesson ? (
            <Loading />
          ) : (
            <article aria-labelledby="lesson-title">
              <p className="lesson-module">{lesson.module_name}</p>
              <h1 id="lesson-title">{lesson.name}</h1>
              {lesson.description && <p>{lesson.description}</p>}
              <StudyPauseContext value={studyPause}>
                <Lesson
                  course={course}
                  courseware={lesson}
                  recording={!staff}
                  completing={complete.isPending}
                  onComplete={onComplete}
                  onJoined={onJoined}
                  onNext={lesson.next === null ? null : () => navigate(paths.coursePlayer(course.slug, String(lesson.next)))}
                />
              </StudyPauseContext>
              <nav className="lesson-nav" aria-label="Coursewares">
                {lesson.previous !== null && <Button label="Previous" variant="ghost" onClick={() => navigate(paths.coursePlayer(course.slug, String(lesson.previous)))} />}
                {lesson.next !== null && (
                  <NextLesson locked={!staff && !lesson.completed && !lesson.forward_streaming} type={lesson.type} onClick={() => navigate(paths.coursePlayer(course.slug, String(lesson.next)))} />
                )}
              </nav>
            </article>
          )}
        </main>
      </div>

      {phase === 'notice' && (
        <GeneralNotice
          mcle={Boolean(school?.config.products.mcle)}
          noCopying={!course.config.video_download}
          onCancel={exit}
          onAccept={() => {
            sessionStorage.setItem(noticeKey(course.id), 'yes');
            setPhase('starting');
          }}
        />
      )}
      {lobby.state === 'open' && (phase === 'starting' || phase === 'ready') && !timeUp && <IdentityLobby onProceed={lobby.pass} onExit={exit} />}
      {phase === 'expired' && !timeUp && (
        <ResponseModal
          open
          type="error"
          title={msg.timerEndedTitle}
          message={msg.courseTimerEnded}
          actions={[
            { label: 'Exit', variant: 'ghost', onClick: exit },
            // Started again by the effect above, once, after the lobby's check when the course has one.
            {
              label: 'Retake Course',
              onClick: () => {
                started.current = false;
                setPhase('starting');
              },
            },
          ]}
          onClose={exit}
        />
      )}
      {timeUp && <ResponseModal open type="error" title={msg.timerEndedTitle} message={msg.courseTimerEnded} actions={[{ label: 'OK', onClick: exit }]} onClose={exit} />}
      {celebrate && <CompletionDialog course={course} onClose={() => setCelebrate(false)} />}
      {paused && snapshots.state.reason && (
        <SnapshotPauseModal key={snapshots.state.pauses} reason={snapshots.state.reason} problem={snapshots.problem} onResume={snapshots.resume} onExit={exit} />
      )}
    </div>
  );
}
