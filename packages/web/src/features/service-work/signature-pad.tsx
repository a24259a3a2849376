import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HEIGHT_PX = 180;

/**
 * The customer signs on the screen with a finger, a pen or the mouse (pointer events, so touch works
 * without scrolling the page). *Save signature* hands over a PNG; *Clear* starts again.
 */
export const SignaturePad = ({ onSave, isSaving }: { onSave: (png: Blob) => void; isSaving: boolean }) => {
  const { t } = useTranslation('serviceWork');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [hasInk, setInk] = useState(false);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * canvas.width) / box.width,
      y: ((event.clientY - box.top) * canvas.height) / box.height,
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    // Sized to its box on first touch, so the strokes land under the finger whatever the screen.
    if (!hasInk && canvas.width !== canvas.clientWidth) {
      canvas.width = canvas.clientWidth;
      canvas.height = HEIGHT_PX;
    }
    canvas.setPointerCapture?.(event.pointerId);
    last.current = pointOf(event);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const point = pointOf(event);
    context.strokeStyle = '#111111';
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    context.moveTo(last.current.x, last.current.y);
    context.lineTo(point.x, point.y);
    context.stroke();
    last.current = point;
    setInk(true);
  };

  const end = () => {
    last.current = null;
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setInk(false);
  };

  const save = () =>
    canvasRef.current?.toBlob((blob) => {
      if (blob) onSave(blob);
    }, 'image/png');

  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {t('answering.signHere')}
      </Text>
      <Paper withBorder radius="sm" style={{ overflow: 'hidden', background: '#fff' }}>
        <canvas
          ref={canvasRef}
          aria-label={t('answering.signaturePad')}
          data-testid="signature-pad"
          height={HEIGHT_PX}
          style={{
            display: 'block',
            width: '100%',
            height: HEIGHT_PX,
            touchAction: 'none',
            cursor: 'crosshair',
          }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerLeave={end}
          onPointerCancel={end}
        />
      </Paper>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={clear} disabled={!hasInk || isSaving}>
          {t('answering.clearSignature')}
        </Button>
        <Button size="xs" onClick={save} disabled={!hasInk} loading={isSaving}>
          {t('answering.saveSignature')}
        </Button>
      </Group>
    </Stack>
  );
};
