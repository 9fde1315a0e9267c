import type { GradingAnswer } from '@school/shared/staff/grading';

/** What the student wrote, or the file they sent: a picture or a PDF shown in place, anything else to download. */
export function StudentAnswer({ answer }: { answer: GradingAnswer['answer'] }) {
  const { file } = answer;
  if (!file) return answer.text ? <blockquote className="student-answer">{answer.text}</blockquote> : <p className="muted">No answer was written.</p>;
  return (
    <div className="student-answer-file">
      {file.kind === 'image' && <img src={file.url} alt={`The student's file ${file.name}`} />}
      {file.kind === 'pdf' && (
        <object data={file.url} type="application/pdf" aria-label={`The student's file ${file.name}`}>
          <p>This browser does not show PDF files in the page.</p>
        </object>
      )}
      <p>
        <a href={file.url} download={file.name}>
          Download {file.name}
        </a>
      </p>
    </div>
  );
}
