import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG (white paper, dark ink: readable in either theme and in the PDF). */
  toBlob(): Promise<Blob>;
  clear(): void;
}

/** A signature drawn with a finger or the mouse on a canvas (signature_pad), sized to its box. */
export const SignatureField = forwardRef<SignatureHandle, { testId: string; height?: number }>(function SignatureField({ testId, height = 180 }, ref) {
  const { t } = useTranslation('loans');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current;
    // Without a 2D canvas (an old or locked-down browser, a test DOM) nothing can be drawn: the
    // field stays empty, so sending is refused with "please sign" instead of failing here.
    if (!el?.getContext('2d')) return;
    const p = new SignaturePad(el, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(17, 24, 39)', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = p;
    // The drawing buffer follows the box and the screen's density, or strokes land off the finger.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = p.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      p.fromData(data);
    };
    // Fitted once the browser has laid the page out (and on every change of the box's size), when
    // reading the size costs nothing: read here, it would make the browser lay out the whole new
    // page at once, inside the same long piece of work as the render that mounted it.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    if (observer) observer.observe(el);
    else fit();
    return () => {
      observer?.disconnect();
      p.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    clear: () => pad.current?.clear(),
    // Straight from the canvas: a fetch of a data: url is refused by the page's content security policy.
    toBlob: () =>
      new Promise<Blob>((resolve, reject) => {
        const el = canvas.current;
        if (!el) return reject(new Error('no signature canvas'));
        el.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the signature could not be read'))), 'image/png');
      }),
  }));

  return (
    <div className="tp-loan-sign">
      <canvas ref={canvas} className="tp-loan-sign-canvas" style={{ height }} data-testid={testId} aria-label={t('loan.sign_here')} />
      <div className="tp-loan-sign-bar">
        <span className="tp-muted">{t('loan.sign_here')}</span>
        <Button size="mini" fill="outline" onClick={() => pad.current?.clear()} data-testid={`${testId}-clear`}>
          {t('loan.clear')}
        </Button>
      </div>
    </div>
  );
});
