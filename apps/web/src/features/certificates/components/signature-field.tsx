import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@/components/button';

/**
 * A drawn signature (signature_pad: mouse, touch or pen) reported as a PNG data URL after each stroke, '' when
 * empty. The canvas is drawn at the screen's pixel density and redrawn when its size changes, so the ink stays
 * sharp and where it was drawn. Keyboard users reach Clear; drawing needs a pointer.
 */
export function SignatureField({ label, error, onChange }: { label: string; error?: string; onChange: (dataUrl: string) => void }) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current!;
    // A white sheet in either theme: the signature is kept as drawn, dark ink on white.
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(15, 23, 42)' });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    // Also the first fit: inside a dialog the canvas has no size until the dialog shows.
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const ended = () => report.current(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    report.current('');
  };

  return (
    <div className={`field signature-field ${error ? 'has-error' : ''}`}>
      <span id={`${id}-label`} className="signature-label">
        {label}
      </span>
      <canvas
        ref={canvasRef}
        className="signature-pad"
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      <div className="signature-actions">
        <p id={`${id}-hint`} className="muted">
          Draw your signature in the box with a mouse, a finger or a stylus.
        </p>
        <Button label="Clear" variant="ghost" className="btn-sm" onClick={clear} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
