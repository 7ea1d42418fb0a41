import { Button, Space } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACTS_NS } from './i18n.ts';

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null when nothing was drawn. */
  toBlob(): Promise<Blob | null>;
}

/** A box the author signs in by hand (mouse, pen or finger), exported as a transparent PNG. */
export const SignaturePad = forwardRef<SignaturePadHandle>(function SignaturePad(_, ref) {
  const { t } = useTranslation(CONTRACTS_NS);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) * e.currentTarget.width) / box.width,
      y: ((e.clientY - box.top) * e.currentTarget.height) / box.height,
    };
  };

  const clear = useCallback(() => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setEmpty(true);
  }, []);

  useImperativeHandle(ref, () => ({
    toBlob: () =>
      new Promise((resolve) => {
        if (empty || !canvas.current) resolve(null);
        else canvas.current.toBlob((blob) => resolve(blob), 'image/png');
      }),
  }));

  return (
    <Space direction="vertical">
      <canvas
        ref={canvas}
        width={600}
        height={240}
        data-testid="signature-pad"
        aria-label={t('sign.drawHint')}
        style={{
          border: '1px dashed #bbb',
          borderRadius: 4,
          touchAction: 'none',
          width: 600,
          maxWidth: '100%',
          background: '#fff',
          cursor: 'crosshair',
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.beginPath();
          ctx?.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.lineTo(p.x, p.y);
          ctx?.stroke();
          setEmpty(false);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <Button onClick={clear}>{t('sign.clear')}</Button>
    </Space>
  );
});
