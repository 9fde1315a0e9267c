import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { OutlineLesson, OutlineModule, StaffOutline } from '@school/shared/staff/outline';
import { versionMessages } from '@school/shared/staff/versions';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useOutline, useOutlineWrite, useShowOutline, type OutlineWrite } from '../api/outline-calls';
import { AddLessonForm } from '../components/add-lesson-form';
import { CourseNav } from '../components/course-nav';
import { InlineRename } from '../components/inline-rename';
import { LessonFileUpload } from '../components/lesson-file-upload';
import { OutlineLessonRow } from '../components/outline-lesson-row';

/** The outline as one list, module headings among lessons: a lesson belongs to the heading above it. */
type Item = { key: string; module: OutlineModule; lesson?: never } | { key: string; lesson: OutlineLesson; module?: never };
const itemsOf = (outline: StaffOutline): Item[] => outline.modules.flatMap((module) => [{ key: `m${module.id}`, module }, ...module.lessons.map((lesson) => ({ key: `l${lesson.id}`, lesson }))]);

function orderOf(items: Item[]) {
  const modules: { id: number; lessons: number[] }[] = [];
  for (const item of items) {
    if (item.module) modules.push({ id: item.module.id, lessons: [] });
    else modules.at(-1)?.lessons.push(item.lesson.id);
  }
  return { modules };
}

/** /staff/courses/{id}/outline: modules and lessons, added, renamed, deleted, and put in order by drag and drop or keyboard. */
export function CourseOutline() {
  const id = Number(useParams().id);
  const outline = useOutline(Number.isInteger(id) ? id : 0);
  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.courses}>Courses</Link>
      </p>
      <QueryState query={outline} what="The outline">
        {(data) => <OutlineEditor outline={data} />}
      </QueryState>
    </div>
  );
}

type Deleting = { kind: 'delete-module' | 'delete-lesson'; id: number; version: number; name: string };

function OutlineEditor({ outline }: { outline: StaffOutline }) {
  const courseId = outline.course.id;
  const write = useOutlineWrite(courseId);
  const show = useShowOutline(courseId);
  const [items, setItems] = useState(() => itemsOf(outline));
  const [renaming, setRenaming] = useState<string | null>(null);
  const [addingTo, setAddingTo] = useState<OutlineModule | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [fileOf, setFileOf] = useState<number | null>(null);
  const closeFile = useCallback(() => setFileOf(null), []);
  const [moduleName, setModuleName] = useState('');
  const [moduleError, setModuleError] = useState<string | undefined>();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => setItems(itemsOf(outline)), [outline]);

  /** Sends one write; a refusal says why, and a 412 shows the outline as somebody else left it. */
  async function run(change: OutlineWrite, done?: string) {
    try {
      await write.mutateAsync(change);
      if (done) notify.success(done);
      return true;
    } catch (error) {
      const current = error instanceof ApiError && error.status === 412 ? (error.body as unknown as { current?: StaffOutline }).current : undefined;
      if (current) {
        show(current);
        notify.error(versionMessages.conflict);
      } else {
        setItems(itemsOf(outline));
        notify.error(errorDetail(error) ?? 'The outline could not be saved. Try again.');
      }
      return false;
    }
  }

  const nameOf = (key: string | number) => {
    const item = items.find((i) => i.key === key);
    return item?.module?.name ?? item?.lesson?.name ?? '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. Move it with the arrow keys, drop it with Space, cancel with Escape.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is next to ${nameOf(over.id)}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was dropped next to ${nameOf(over.id)}.` : `${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    let next = arrayMove(items, items.findIndex((i) => i.key === active.id), items.findIndex((i) => i.key === over.id));
    // Above the first module there is no module: the lesson goes first into it.
    if (!next[0]?.module) next = [next[1]!, next[0]!, ...next.slice(2)];
    setItems(next);
    void run({ kind: 'order', version: outline.course.version, order: orderOf(next) });
  }

  function moveModule(index: number, step: -1 | 1) {
    const order = orderOf(items).modules;
    const target = index + step;
    if (target < 0 || target >= order.length) return;
    [order[index], order[target]] = [order[target]!, order[index]!];
    void run({ kind: 'order', version: outline.course.version, order: { modules: order } }, 'The modules are in their new order.');
  }

  const addModule = async (event: FormEvent) => {
    event.preventDefault();
    if (!moduleName.trim()) return setModuleError('Enter the module name.');
    setModuleError(undefined);
    if (await run({ kind: 'add-module', name: moduleName.trim() }, 'The module was added.')) setModuleName('');
  };

  let moduleIndex = -1;
  return (
    <>
      <div className="console-head">
        <h1>{outline.course.name}</h1>
      </div>
      <CourseNav courseId={courseId} />
      <p className="muted">Drag a lesson by its handle, or focus the handle and use Space and the arrow keys, to move it within or between modules.</p>
      {items.length === 0 && <p className="empty-state">No modules yet. Add the first one below.</p>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          <ol className="outline-list">
            {items.map((item) => {
              if (item.lesson) {
                const lesson = item.lesson;
                return (
                  <OutlineLessonRow
                    key={item.key}
                    id={item.key}
                    lesson={lesson}
                    courseId={courseId}
                    courseSlug={outline.course.slug}
                    renaming={renaming === item.key}
                    busy={write.isPending}
                    onRename={() => setRenaming(item.key)}
                    onRenamed={(name) => void run({ kind: 'edit-lesson', id: lesson.id, version: lesson.version, patch: { name } }, 'The lesson was renamed.').then((ok) => ok && setRenaming(null))}
                    onCancel={() => setRenaming(null)}
                    onDelete={() => setDeleting({ kind: 'delete-lesson', id: lesson.id, version: lesson.version, name: lesson.name })}
                    onFile={() => setFileOf(lesson.id)}
                    filePanel={
                      fileOf === lesson.id && (
                        <LessonFileUpload
                          lesson={lesson}
                          onReady={(upload) => run({ kind: 'edit-lesson', id: lesson.id, version: lesson.version, patch: { upload } }, 'The file was added to the lesson.')}
                          onClose={closeFile}
                        />
                      )
                    }
                  />
                );
              }
              const module = item.module;
              const index = ++moduleIndex;
              return (
                <ModuleHeading key={item.key} id={item.key}>
                  {renaming === item.key ? (
                    <InlineRename
                      label={`New name for ${module.name}`}
                      value={module.name}
                      busy={write.isPending}
                      onSave={(name) => void run({ kind: 'rename-module', id: module.id, version: module.version, name }, 'The module was renamed.').then((ok) => ok && setRenaming(null))}
                      onCancel={() => setRenaming(null)}
                    />
                  ) : (
                    <div className="outline-module-head">
                      <h2>{module.name}</h2>
                      <div className="row-actions">
                        <Button variant="ghost" label="Up" aria-label={`Move ${module.name} up`} disabled={index === 0} onClick={() => moveModule(index, -1)} />
                        <Button variant="ghost" label="Down" aria-label={`Move ${module.name} down`} disabled={index === outline.modules.length - 1} onClick={() => moveModule(index, 1)} />
                        <Button variant="ghost" label="Add lesson" aria-label={`Add lesson to ${module.name}`} onClick={() => setAddingTo(module)} />
                        <Button variant="ghost" label="Rename" aria-label={`Rename ${module.name}`} onClick={() => setRenaming(item.key)} />
                        <Button variant="ghost" label="Delete" aria-label={`Delete ${module.name}`} onClick={() => setDeleting({ kind: 'delete-module', id: module.id, version: module.version, name: module.name })} />
                      </div>
                    </div>
                  )}
                </ModuleHeading>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <form className="add-module" onSubmit={(event) => void addModule(event)} noValidate>
        <TextField label="New module name" value={moduleName} error={moduleError} onChange={(event) => setModuleName(event.target.value)} />
        <Button label="Add module" type="submit" busy={write.isPending} />
      </form>
      <Modal open={addingTo !== null} onClose={() => setAddingTo(null)} title={`Add a lesson to ${addingTo?.name ?? ''}`} size="sm">
        {addingTo && (
          <AddLessonForm
            busy={write.isPending}
            onAdd={(type, name) => run({ kind: 'add-lesson', moduleId: addingTo.id, lesson: { type, name } }, 'The lesson was added.').then((ok) => {
              if (ok) setAddingTo(null);
              return ok;
            })
            }
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'delete-module' ? 'Delete this module?' : 'Delete this lesson?'}
        message={deleting?.kind === 'delete-module' ? `${deleting.name} and its lessons will be deleted for good.` : `${deleting?.name ?? 'The lesson'} will be deleted for good.`}
        confirmLabel="Delete"
        danger
        busy={write.isPending}
        onConfirm={() => void (deleting && run({ kind: deleting.kind, id: deleting.id, version: deleting.version }, deleting.kind === 'delete-module' ? 'The module was deleted.' : 'The lesson was deleted.').then(() => setDeleting(null)))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** A module's heading in the list: a place lessons are dropped after, not dragged itself (Up and Down move it). */
function ModuleHeading({ id, children }: { id: string; children: ReactNode }) {
  const { setNodeRef } = useSortable({ id, disabled: { draggable: true, droppable: false } });
  return (
    <li ref={setNodeRef} className="outline-module">
      {children}
    </li>
  );
}
