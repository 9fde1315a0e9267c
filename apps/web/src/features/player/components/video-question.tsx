import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { BLANK_MARKER, videoQuestionMessages as vq } from '@school/shared/learning/rules';
import type { VideoAnswerResult, VideoQuestion } from '@school/shared/learning/schemas';
import { Button } from '@/components/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { answerVideoQuestion } from '../api/player-calls';

const isChoice = (type: string) => ['radio', 'multiple', 'checkbox', 'dropdown', 'select'].includes(type);
const isMultiple = (type: string) => type === 'multiple' || type === 'checkbox';

/**
 * Below this width, or this height (a phone held sideways, whose picture cannot hold the card), the question goes
 * under the video (player.css), with no marker to hang from.
 */
const NARROW = '(max-width: 640px), (max-height: 500px)';

/**
 * A question over the paused interactive video, a popover hanging below its marker on the picture, so that a wrong
 * answer's message shows there too (spec 2 §4, §5); above the marker only when there is no room below. The server
 * checks the answer; the correct one and the explanation arrive only once the question is done.
 */
export function VideoQuestionCard({ question, onDone }: { question: VideoQuestion; onDone: (result: VideoAnswerResult | null) => void }) {
  const [values, setValues] = useState<string[]>(() => (question.type === 'fitb' ? question.content.split(BLANK_MARKER).slice(1).map(() => '') : []));
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<VideoAnswerResult | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const name = useId();
  const choice = isChoice(question.type);
  const form = useRef<HTMLFormElement>(null);
  const narrow = useMediaQuery(NARROW);
  const { refs, floatingStyles, isPositioned } = useFloating({
    placement: 'bottom',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(14),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({ padding: 8, apply: ({ availableHeight, elements }) => elements.floating.style.setProperty('max-height', `${Math.max(120, availableHeight)}px`) }),
    ],
  });
  const { setFloating } = refs;
  // The question takes the focus from the player, on its first field (or its button), once it is in its place.
  useEffect(() => {
    if (isPositioned) form.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, [isPositioned]);
  const formRef = useCallback(
    (node: HTMLFormElement | null) => {
      form.current = node;
      setFloating(node);
    },
    [setFloating],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = values.map((v) => v.trim());
    if (question.type !== 'info' && (answer.length === 0 || answer.some((v) => v === ''))) {
      setError(choice ? vq.selectAnswer : vq.required);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const checked = await answerVideoQuestion(question.id, question.type === 'info' ? [] : answer);
      if (question.type === 'info') return onDone(checked);
      setResult(checked);
    } catch {
      setError('Your answer could not be checked. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const done = result?.done ?? false;
  const left = Math.min(90, Math.max(10, question.location.x));
  const top = Math.min(80, Math.max(10, question.location.y));

  return (
    <div className="video-question-layer">
      <span ref={refs.setReference} className="video-question-marker" style={{ left: `${left}%`, top: `${top}%` }} aria-hidden="true" />
      <form
        ref={formRef}
        className="video-question"
        // Hidden until placed: it never flashes in the corner first.
        style={narrow ? undefined : { ...floatingStyles, visibility: isPositioned ? undefined : 'hidden' }}
        role="dialog"
        aria-labelledby={titleId}
        onSubmit={submit}
      >
        {question.type === 'fitb' ? (
          <p id={titleId} className="video-question-text">
            {question.content.split(BLANK_MARKER).map((part, i, parts) => (
              <span key={i}>
                {part}
                {i < parts.length - 1 && (
                  <input
                    className="blank"
                    aria-label={`Blank ${i + 1}`}
                    value={values[i] ?? ''}
                    disabled={done}
                    onChange={(e) => setValues((v) => v.map((old, k) => (k === i ? e.target.value : old)))}
                  />
                )}
              </span>
            ))}
          </p>
        ) : (
          <p id={titleId} className="video-question-text">
            {question.content}
          </p>
        )}

        {(question.type === 'radio' || isMultiple(question.type)) && (
          <fieldset className="video-question-choices" aria-labelledby={titleId} disabled={done}>
            {question.choices.map((c) => (
              <label key={c}>
                <input
                  type={isMultiple(question.type) ? 'checkbox' : 'radio'}
                  name={name}
                  value={c}
                  checked={values.includes(c)}
                  onChange={(e) => setValues((v) => (isMultiple(question.type) ? (e.target.checked ? [...v, c] : v.filter((x) => x !== c)) : [c]))}
                />{' '}
                {c}
              </label>
            ))}
          </fieldset>
        )}
        {(question.type === 'select' || question.type === 'dropdown') && (
          <select aria-labelledby={titleId} value={values[0] ?? ''} disabled={done} onChange={(e) => setValues(e.target.value ? [e.target.value] : [])}>
            <option value="">Select an answer</option>
            {question.choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
        {question.type === 'text' && <input aria-labelledby={titleId} value={values[0] ?? ''} disabled={done} onChange={(e) => setValues([e.target.value])} />}

        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {result && question.type !== 'info' && (
          <div className={`video-question-result ${result.correct ? 'tone-success' : 'tone-error'}`} role="status">
            <p>{result.message}</p>
            {!result.correct && result.correct_answer && <p>Correct answer: {result.correct_answer.join(', ')}</p>}
            {result.remarks && (
              <p>
                <strong>{vq.explanation}</strong>: {result.remarks}
              </p>
            )}
          </div>
        )}
        <div className="video-question-actions">
          {done ? (
            <Button label="Continue" onClick={() => onDone(result)} />
          ) : (
            <Button type="submit" label={question.type === 'info' ? 'Continue' : 'Submit'} busy={busy} />
          )}
        </div>
      </form>
    </div>
  );
}
