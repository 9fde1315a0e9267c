import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

/** The marks and blocks the toolbar offers: what the server keeps of a lesson's HTML (lesson-html.ts). */
const tools = [
  { name: 'Bold', active: (e: Editor) => e.isActive('bold'), run: (e: Editor) => e.chain().focus().toggleBold().run() },
  { name: 'Italic', active: (e: Editor) => e.isActive('italic'), run: (e: Editor) => e.chain().focus().toggleItalic().run() },
  { name: 'Heading', active: (e: Editor) => e.isActive('heading', { level: 2 }), run: (e: Editor) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { name: 'Subheading', active: (e: Editor) => e.isActive('heading', { level: 3 }), run: (e: Editor) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { name: 'Bulleted list', active: (e: Editor) => e.isActive('bulletList'), run: (e: Editor) => e.chain().focus().toggleBulletList().run() },
  { name: 'Numbered list', active: (e: Editor) => e.isActive('orderedList'), run: (e: Editor) => e.chain().focus().toggleOrderedList().run() },
  { name: 'Quote', active: (e: Editor) => e.isActive('blockquote'), run: (e: Editor) => e.chain().focus().toggleBlockquote().run() },
] as const;

/**
 * Rich text with Tiptap: a labelled toolbar (each tool says whether it is on) over the editable area, which
 * screen readers announce as a multi-line text box. It hands the HTML up; the server sanitizes what it stores.
 */
export function RichTextEditor({ label, value, onChange, error }: Props) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    // No trailing empty paragraph: what is stored is what was written.
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ['https', 'mailto'] }, trailingNode: false })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        class: 'rich-text-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
  });
  const state = useEditorState({ editor, selector: ({ editor: e }) => ({ on: tools.map((t) => t.active(e)), link: e.isActive('link'), href: e.getAttributes('link').href as string | undefined }) });
  const [linking, setLinking] = useState(false);

  // A value set from outside (a reload after somebody else's save) replaces what the editor shows.
  useEffect(() => {
    if (editor.getHTML() !== value && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`field rich-text ${error ? 'has-error' : ''}`}>
      <span id={labelId} className="field-label">
        {label}
      </span>
      {/* A press on a tool leaves the focus in the text: typed straight after, nothing goes to the button. */}
      <div className="rich-text-toolbar" role="toolbar" aria-label={`${label}: formatting`} onMouseDown={(e) => e.preventDefault()}>
        {tools.map((tool, i) => (
          <button key={tool.name} type="button" className="btn btn-ghost" aria-pressed={state.on[i]} onClick={() => tool.run(editor)}>
            {tool.name}
          </button>
        ))}
        <button type="button" className="btn btn-ghost" aria-pressed={state.link} aria-expanded={linking} onClick={() => setLinking((v) => !v)}>
          Link
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => editor.chain().focus().undo().run()}>
          Undo
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => editor.chain().focus().redo().run()}>
          Redo
        </button>
      </div>
      {linking && (
        <LinkForm
          href={state.href ?? ''}
          onDone={(href) => {
            setLinking(false);
            // Back to the text either way: the form that had the focus is gone.
            if (href === null) return editor.commands.focus();
            const chain = editor.chain().focus().extendMarkRange('link');
            if (href === '') chain.unsetLink().run();
            else chain.setLink({ href }).run();
          }}
        />
      )}
      <EditorContent editor={editor} />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The address of the selected words' link; empty removes it, Cancel (null) leaves it. */
function LinkForm({ href, onDone }: { href: string; onDone: (href: string | null) => void }) {
  const id = useId();
  const [value, setValue] = useState(href);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(value.trim());
  };
  // Not a <form>: the editor sits inside the lesson's form, and forms do not nest.
  return (
    <div className="rich-text-link" role="group" aria-label="Link">
      <label htmlFor={id}>Link address (empty removes the link)</label>
      <input
        id={id}
        type="url"
        value={value}
        placeholder="https://"
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit(e);
          if (e.key === 'Escape') onDone(null);
        }}
        autoFocus
      />
      <Button variant="ghost" label="Apply" onClick={() => onDone(value.trim())} />
      <Button variant="ghost" label="Cancel" onClick={() => onDone(null)} />
    </div>
  );
}
