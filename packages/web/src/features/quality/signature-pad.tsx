import { Box, Button, Group, Text } from '@mantine/core';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger, pen or mouse on a canvas; `onChange` gets it as a PNG data URL
 * after every stroke (null once cleared). Touch scrolling is off on the canvas, so a stroke draws.
 */
export const SignaturePad = ({ onChange }: { onChange: (signature: string | null) => void }) => {
  const { t } = useTranslation('quality');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / box.width;
    return [(event.clientX - box.left) * scale, (event.clientY - box.top) * scale] as const;
  };
  const context = () => {
    const drawn = canvas.current?.getContext('2d');
    if (drawn) {
      drawn.lineWidth = 3;
      drawn.lineCap = 'round';
      drawn.lineJoin = 'round';
      drawn.strokeStyle = '#1a1b1e';
    }
    return drawn;
  };
  const clear = () => {
    const drawn = context();
    if (drawn && canvas.current) drawn.clearRect(0, 0, canvas.current.width, canvas.current.height);
    onChange(null);
  };
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('checklists.signature')}
      </Text>
      <Box
        component="canvas"
        ref={canvas}
        width={600}
        height={180}
        aria-label={t('checklists.signatureArea')}
        data-signature-pad
        w="100%"
        style={{
          touchAction: 'none',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          background: 'white',
          cursor: 'crosshair',
          aspectRatio: '10 / 3',
        }}
        onPointerDown={(event: PointerEvent<HTMLCanvasElement>) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const [x, y] = pointOf(event);
          context()?.beginPath();
          context()?.moveTo(x, y);
        }}
        onPointerMove={(event: PointerEvent<HTMLCanvasElement>) => {
          if (!drawing.current) return;
          const [x, y] = pointOf(event);
          const drawn = context();
          drawn?.lineTo(x, y);
          drawn?.stroke();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          onChange(canvas.current?.toDataURL('image/png') ?? null);
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {t('checklists.signatureHint')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={clear}>
          {t('checklists.clearSignature')}
        </Button>
      </Group>
    </div>
  );
};
