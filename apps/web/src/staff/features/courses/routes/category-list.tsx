import { useState, type FormEvent } from 'react';
import type { StaffCategory } from '@school/shared/staff/categories';
import { versionMessages } from '@school/shared/staff/versions';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useCategories, useCategoryWrite, useShowCategories, type CategoryWrite } from '../api/category-calls';
import { InlineRename } from '../components/inline-rename';

type Deleting = { kind: 'delete-category' | 'delete-subcategory'; id: number; version: number; name: string };

/** /staff/categories: the catalogue's categories and their subcategories, added, renamed and deleted in place. */
export function CategoryList() {
  const categories = useCategories();
  const mayEdit = useStaffMe().data?.permissions.includes('course.create') ?? false;
  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Categories</h1>
      </div>
      <p className="muted">A course or bundle is filed under a subcategory; the catalogue&apos;s filters list them by category.</p>
      <QueryState query={categories} what="The categories">
        {(list) => <Categories list={list} mayEdit={mayEdit} />}
      </QueryState>
    </div>
  );
}

/** A name typed in place and added with its button (a new category, or a subcategory of one). */
function AddName({ label, action, busy, onAdd }: { label: string; action: string; busy: boolean; onAdd: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter the name.');
    setError(undefined);
    if (await onAdd(name.trim())) setName('');
  };
  return (
    <form className="add-module" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={label} value={name} error={error} onChange={(event) => setName(event.target.value)} />
      <Button label={action} type="submit" busy={busy} />
    </form>
  );
}

function Categories({ list, mayEdit }: { list: StaffCategory[]; mayEdit: boolean }) {
  const write = useCategoryWrite();
  const show = useShowCategories();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  /** Sends one write; a refusal says why, and a 412 shows the list as somebody else left it. */
  async function run(change: CategoryWrite, done: string) {
    try {
      await write.mutateAsync(change);
      notify.success(done);
      return true;
    } catch (error) {
      const current = error instanceof ApiError && error.status === 412 ? (error.body as unknown as { current?: StaffCategory[] }).current : undefined;
      if (current) show(current);
      notify.error(current ? versionMessages.conflict : (errorDetail(error) ?? 'The categories could not be saved. Try again.'));
      return false;
    }
  }

  const rename = (key: string, label: string, value: string, change: (name: string) => CategoryWrite) =>
    renaming === key ? (
      <InlineRename label={label} value={value} busy={write.isPending} onSave={(name) => void run(change(name), `${name} is saved.`).then((ok) => ok && setRenaming(null))} onCancel={() => setRenaming(null)} />
    ) : null;

  return (
    <>
      {list.length === 0 && <p className="empty-state">No categories yet. Add the first one below.</p>}
      <ul className="category-list">
        {list.map((category) => (
          <li key={category.id} className="question-card">
            {rename(`c${category.id}`, `New name for ${category.name}`, category.name, (name) => ({ kind: 'rename-category', id: category.id, version: category.version, name })) ?? (
              <div className="outline-module-head">
                <h2>{category.name}</h2>
                {mayEdit && (
                  <div className="row-actions">
                    <Button variant="ghost" label="Rename" aria-label={`Rename ${category.name}`} onClick={() => setRenaming(`c${category.id}`)} />
                    <Button variant="ghost" label="Delete" aria-label={`Delete ${category.name}`} onClick={() => setDeleting({ kind: 'delete-category', id: category.id, version: category.version, name: category.name })} />
                  </div>
                )}
              </div>
            )}
            {category.subcategories.length === 0 && <p className="muted">No subcategories yet.</p>}
            <ul className="subcategory-list">
              {category.subcategories.map((sub) => (
                <li key={sub.id}>
                  {rename(`s${sub.id}`, `New name for ${sub.name}`, sub.name, (name) => ({ kind: 'rename-subcategory', id: sub.id, version: sub.version, name })) ?? (
                    <div className="outline-module-head">
                      <span>
                        {sub.name} <span className="muted">({sub.items} {sub.items === 1 ? 'item' : 'items'})</span>
                      </span>
                      {mayEdit && (
                        <div className="row-actions">
                          <Button variant="ghost" label="Rename" aria-label={`Rename ${sub.name}`} onClick={() => setRenaming(`s${sub.id}`)} />
                          <Button variant="ghost" label="Delete" aria-label={`Delete ${sub.name}`} onClick={() => setDeleting({ kind: 'delete-subcategory', id: sub.id, version: sub.version, name: sub.name })} />
                        </div>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {mayEdit && <AddName label={`New subcategory of ${category.name}`} action="Add subcategory" busy={write.isPending} onAdd={(name) => run({ kind: 'add-subcategory', categoryId: category.id, name }, `${name} was added.`)} />}
          </li>
        ))}
      </ul>
      {mayEdit && <AddName label="New category" action="Add category" busy={write.isPending} onAdd={(name) => run({ kind: 'add-category', name }, `${name} was added.`)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'delete-category' ? 'Delete this category?' : 'Delete this subcategory?'}
        message={deleting?.kind === 'delete-category' ? `${deleting.name} and its subcategories will be deleted.` : `${deleting?.name ?? 'The subcategory'} will be deleted.`}
        confirmLabel="Delete"
        danger
        busy={write.isPending}
        onConfirm={() => void (deleting && run({ kind: deleting.kind, id: deleting.id, version: deleting.version }, `${deleting.name} was deleted.`).then(() => setDeleting(null)))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
