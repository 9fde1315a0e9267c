import { useState } from 'react';
import { categoryNameSchema, type StaffCategory } from '@school/shared/staff/categories';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useCategoryWrite } from '../api/category-calls';
import { InlineCreate } from './inline-create';

const NEW = 'new';

/**
 * A subcategory (and, when asked, its new category) added without leaving the course settings. Not a form of its
 * own (it sits inside the settings' form): Add checks the names with the shared schema and sends them.
 */
export function NewSubcategoryForm({ categories, onAdded, onCancel }: { categories: StaffCategory[]; onAdded: (subcategoryId: number) => void; onCancel: () => void }) {
  const write = useCategoryWrite();
  const [category, setCategory] = useState(categories[0] ? String(categories[0].id) : NEW);
  const [categoryName, setCategoryName] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ category?: string; name?: string }>({});

  async function submit() {
    const sub = categoryNameSchema.safeParse({ name });
    const cat = category === NEW ? categoryNameSchema.safeParse({ name: categoryName }) : null;
    setErrors({ name: sub.error?.issues[0]?.message, category: cat?.error?.issues[0]?.message });
    if (!sub.success || (cat && !cat.success)) return;
    try {
      let categoryId = Number(category);
      if (cat?.data) {
        const list = await write.mutateAsync({ kind: 'add-category', name: cat.data.name });
        categoryId = list.find((c) => c.name === cat.data.name)!.id;
        setCategory(String(categoryId));
      }
      const list = await write.mutateAsync({ kind: 'add-subcategory', categoryId, name: sub.data.name });
      const added = list.find((c) => c.id === categoryId)?.subcategories.find((s) => s.name === sub.data.name);
      notify.success(`${sub.data.name} was added.`);
      if (added) onAdded(added.id);
    } catch (failure) {
      const refusal = failure instanceof ApiError ? (failure.body as unknown as { name?: string[] }).name?.[0] : undefined;
      setErrors({ name: refusal ?? errorDetail(failure) ?? 'The subcategory could not be added. Try again.' });
    }
  }

  return (
    <InlineCreate label="New subcategory" onSubmit={() => void submit()}>
      <SelectField label="In the category" placeholder="Choose" options={[...categories.map((c) => ({ value: String(c.id), label: c.name })), { value: NEW, label: 'A new category…' }]} value={category} onChange={(e) => setCategory(e.target.value)} />
      {category === NEW && <TextField label="New category's name" value={categoryName} error={errors.category} onChange={(e) => setCategoryName(e.target.value)} />}
      <TextField label="Subcategory's name" value={name} error={errors.name} autoFocus onChange={(e) => setName(e.target.value)} />
      <div className="row-actions">
        <Button label="Add subcategory" busy={write.isPending} onClick={() => void submit()} />
        <Button variant="ghost" label="Cancel" onClick={onCancel} />
      </div>
    </InlineCreate>
  );
}
